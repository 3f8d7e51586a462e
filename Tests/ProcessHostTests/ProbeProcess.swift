import Foundation
import LifelineTestSupport
import Synchronization
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A running `lifeline-probe` child process: its log lines, real signals, its stdin, its
/// scheduler state and its exit. Every wait is bounded and fails with the log so far.
/// Used by one test at a time; the child is killed when the test drops it.
final class ProbeProcess {
    /// How long any single wait may take before the test fails.
    static let timeout: Duration = .seconds(10)

    private let process = Process()
    private let input = Pipe()
    private let terminal: PseudoTerminal?
    private let output: OutputCollector
    private let errors = OutputCollector(stripsTerminalControls: false)

    /// Starts the probe with `arguments` and waits until its scene is active. With `terminal`,
    /// the probe's standard input and output are that pseudo-terminal (its log is read from the
    /// primary side, with carriage returns and escape sequences removed).
    init(
        arguments: [String] = [], terminal: PseudoTerminal? = nil, environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        self.terminal = terminal
        self.output = OutputCollector(stripsTerminalControls: terminal != nil)
        process.executableURL = try Self.probeURL()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let stdout = Pipe()
        let stderr = Pipe()
        if let terminal {
            let handle = FileHandle(fileDescriptor: terminal.secondary, closeOnDealloc: false)
            process.standardInput = handle
            process.standardOutput = handle
        } else {
            process.standardInput = input
            process.standardOutput = stdout
        }
        process.standardError = stderr
        try process.run()
        output.startReading(terminal?.primary ?? stdout.fileHandleForReading.fileDescriptor)
        errors.startReading(stderr.fileHandleForReading.fileDescriptor)
        try await waitForLine("app.didBecomeActive", sourceLocation: sourceLocation)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// The log of a launch, up to the active scene.
    static let launchLog = ConformanceLog.launch(scene: "terminal")

    /// The child's process identifier.
    var pid: Int32 { process.processIdentifier }

    /// Every complete line written so far.
    var lines: [String] { output.lines }

    /// Sends a real signal to the child.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Writes raw bytes to the child's standard input.
    func write(_ text: String) {
        if let terminal {
            terminal.type(text)
        } else {
            input.fileHandleForWriting.write(Data(text.utf8))
        }
    }

    /// Everything written to standard output so far, escape sequences included.
    var rawOutput: String { output.text }

    /// Waits until the log has at least `count` lines and returns them.
    @discardableResult
    func waitForLineCount(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        try await poll("\(count) lines", sourceLocation: sourceLocation) { $0.lines.count >= count }
        return lines
    }

    /// Waits until the lines after the first `offset` start with `expected`, and checks they are
    /// exactly `expected` (nothing else in between).
    func waitForLines(
        _ expected: [String], after offset: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await waitForLineCount(offset + expected.count, sourceLocation: sourceLocation)
        let actual = Array(lines.dropFirst(offset).prefix(expected.count))
        #expect(actual == expected, "log so far:\n\(describe())", sourceLocation: sourceLocation)
    }

    /// Waits until the raw output (escape sequences included) contains `text`.
    func waitForRawOutput(containing text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await poll("output containing \(text.debugDescription)", sourceLocation: sourceLocation) {
            $0.rawOutput.contains(text)
        }
    }

    /// Waits until `line` appears anywhere in the log, at most `timeout`.
    func waitForLine(_ line: String, timeout: Duration = ProbeProcess.timeout, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await poll("line '\(line)'", timeout: timeout, sourceLocation: sourceLocation) { $0.lines.contains(line) }
    }

    /// The scheduler state letter of the child (`R`, `S`, `T`, `Z`…), or `nil` if it is gone.
    func schedulerState() -> Character? {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].first { $0 != " " }
        #else
        let ps = Process()
        let pipe = Pipe()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-o", "stat=", "-p", "\(pid)"]
        ps.standardOutput = pipe
        guard (try? ps.run()) != nil else { return nil }
        ps.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines).first
        #endif
    }

    /// Waits until the child is stopped (`T`).
    func waitUntilStopped(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await poll("the process to stop (state T)", sourceLocation: sourceLocation) {
            $0.schedulerState() == "T"
        }
    }

    /// Waits until the child is running again (any state but `T`).
    func waitUntilContinued(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await poll("the process to continue", sourceLocation: sourceLocation) {
            $0.schedulerState().map { $0 != "T" } ?? false
        }
    }

    /// Waits for the child to exit; returns how it ended and how long the wait took.
    func waitForExit(
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (reason: Process.TerminationReason, status: Int32, elapsed: Duration) {
        let start = ContinuousClock.now
        try await poll("the process to exit", sourceLocation: sourceLocation) { !$0.process.isRunning }
        let elapsed = start.duration(to: .now)
        if terminal == nil { await output.waitForEnd() }
        return (process.terminationReason, process.terminationStatus, elapsed)
    }

    /// The log and the standard error, for failure messages.
    func describe() -> String {
        "stdout:\n" + lines.joined(separator: "\n") + "\nstderr:\n" + errors.lines.joined(separator: "\n")
    }

    private func poll(
        _ what: String, timeout: Duration = ProbeProcess.timeout, sourceLocation: SourceLocation, until condition: (ProbeProcess) -> Bool
    ) async throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !condition(self) {
            guard ContinuousClock.now < deadline else {
                Issue.record("Timed out after \(timeout) waiting for \(what).\n\(describe())", sourceLocation: sourceLocation)
                throw ProbeTimeout(what: what)
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Finds `lifeline-probe` in the build products next to the test bundle, or in
    /// `.build/debug` under the package root, or at `$LIFELINE_PROBE`.
    static func probeURL(filePath: String = #filePath) throws -> URL {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["LIFELINE_PROBE"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent("lifeline-probe"))
            directory = directory.deletingLastPathComponent()
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("lifeline-probe"))
        }
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/lifeline-probe"))
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        throw ProbeNotFound(candidates: candidates.map(\.path))
    }
}

/// A bounded wait ran out; the issue with the log has been recorded.
struct ProbeTimeout: Error, CustomStringConvertible {
    let what: String
    var description: String { "Timed out waiting for \(what)." }
}

/// The probe executable was not built.
struct ProbeNotFound: Error, CustomStringConvertible {
    let candidates: [String]
    var description: String {
        "lifeline-probe was not found (looked at \(candidates.joined(separator: ", "))). "
            + "Build it with `swift build --product lifeline-probe`, or set LIFELINE_PROBE."
    }
}
