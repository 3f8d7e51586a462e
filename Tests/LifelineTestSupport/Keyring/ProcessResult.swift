import Foundation

/// What a finished child process left: its exit status and everything it printed. A value.
public struct ProcessResult: Sendable {
    /// The exit status (or the signal's number, for a process ended by one).
    public var status: Int32
    /// Standard output.
    public var output: String
    /// Standard error.
    public var error: String

    /// Runs `tool` (a path, or a name looked up in `PATH`) with exactly `environment` (and, under
    /// `make sanitize`, the sanitizer's options), and waits for it, at most `timeout`.
    /// - Throws: ``TestKeyringError`` if it cannot be found or started, or does not end in time
    ///   (it is then killed).
    public static func run(
        _ tool: String, _ arguments: [String], environment: [String: String], timeout: Duration = .seconds(60)
    ) throws -> ProcessResult {
        guard let path = TestKeyring.which(tool) else { throw TestKeyringError("\(tool) is not installed: run scripts/setup.sh") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment.merging(Sanitizer.appProcessOptions) { own, _ in own }
        let directory = FileManager.default.temporaryDirectory.path + "/lifeline-process-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Files rather than pipes: a child that prints much cannot block on a full pipe.
        _ = FileManager.default.createFile(atPath: directory + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: directory + "/err", contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/out"))
        let error = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/err"))
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                throw TestKeyringError("\(tool) \(arguments.joined(separator: " ")) did not end within \(timeout)")
            }
            usleep(5_000)
        }
        try output.close()
        try error.close()
        return ProcessResult(
            status: process.terminationStatus,
            output: (try? String(contentsOfFile: directory + "/out", encoding: .utf8)) ?? "",
            error: (try? String(contentsOfFile: directory + "/err", encoding: .utf8)) ?? ""
        )
    }
}
