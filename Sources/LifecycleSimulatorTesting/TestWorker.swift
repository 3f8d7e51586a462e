import Foundation
import LifecycleSimulator
import Testing

/// The child process of a test binary that serves one call of
/// ``expectNoLifecycleViolations(in:seed:schedules:depth:mode:maxFailures:isolation:timeBudget:options:sourceLocation:)``:
/// the parent starts its own executable on the running test (`--testing-library swift-testing
/// --filter ID`) with ``siteVariable`` naming the call's source location; in the child the test
/// runs up to that call, which then serves the parent's requests on standard input and ends the
/// process. Other calls in the child do nothing. A namespace.
enum TestWorker {
    /// The environment variable that makes a test process a worker, naming the call it serves.
    static let siteVariable = "LIFELINE_EXPLORATION_WORKER"

    /// The call site this process serves, when it is a worker.
    static var servedSite: String? { ProcessInfo.processInfo.environment[siteVariable] }

    /// `location` as the worker's environment names it.
    static func site(_ location: SourceLocation) -> String {
        "\(location.fileID):\(location.line):\(location.column)"
    }

    /// How to start a worker for the call at `location` of the running test; `nil` outside a
    /// Swift Testing test, in a parameterized one (a filter names the whole test, so its worker
    /// would run every case, not the one asking) or where this executable cannot be found.
    static func launch(for location: SourceLocation) -> WorkerLaunch? {
        guard let test = Test.current, !test.isParameterized, let executable = currentExecutable() else { return nil }
        let filter = NSRegularExpression.escapedPattern(for: test.id.description)
        return WorkerLaunch(
            executable: executable, arguments: ["--testing-library", "swift-testing", "--filter", filter],
            environment: [siteVariable: site(location)]
        )
    }

    /// The file of the running executable.
    private static func currentExecutable() -> URL? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        return Bundle.main.executableURL
    }
}
