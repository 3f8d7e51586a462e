import Foundation
import LifelineTestSupport

/// What the command tests share: scratch directories, the built command started as a process,
/// and summary files.
enum CheckCommandFixture {
    /// A new empty directory for one test's files.
    static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-check-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A summary file, as a JSON object.
    static func summary(at url: URL) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        guard let summary = object as? [String: Any] else { throw FixtureError(description: "\(url.path) holds no JSON object") }
        return summary
    }

    /// The report between the header line and the timings, which must not depend on how many
    /// workers or shards ran the search.
    static func report(_ output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        return lines.prefix { !$0.hasPrefix("timings (vary between runs)") }.joined(separator: "\n")
    }

    /// The built `lifecycle-check`: next to the test bundle, in `.build/debug` under the
    /// package root, or at `$LIFECYCLE_CHECK`.
    static func executable(filePath: String = #filePath) throws -> URL {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["LIFECYCLE_CHECK"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent("lifecycle-check"))
            directory = directory.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/lifecycle-check"))
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) { return found }
        throw FixtureError(
            description: "lifecycle-check was not found (looked at \(candidates.map(\.path).joined(separator: ", "))); build it with `swift build --product lifecycle-check` or set LIFECYCLE_CHECK"
        )
    }

    /// Runs `executable` with `arguments` to its end; its standard output, standard error (both
    /// pipes, so not terminals) and exit status.
    static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // Under a sanitizer, the command and its workers get the app processes' options.
        process.environment = ProcessInfo.processInfo.environment.merging(Sanitizer.appProcessOptions) { _, app in app }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both to their end before waiting, so that a full pipe cannot stall the child.
        let errorData = Reader(errors.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData.wait(), as: UTF8.self))
    }

    /// Runs the built command with `arguments` on a thread of its own, off the test's threads.
    static func runOffThread(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        let executable = try executable()
        let result = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Result { try run(executable, arguments) })
            }
        }
        return try result.get()
    }

    /// Reads a file handle to its end on a thread of its own.
    final class Reader: @unchecked Sendable {
        // Safe because `data` is written once by the reading thread before `done` is signalled,
        // and read only after `wait()` has seen that signal.
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
    }
}
