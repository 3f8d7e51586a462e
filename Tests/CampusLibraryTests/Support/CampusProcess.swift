import Foundation
import LifelineTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Runs the real `campus-library` binary without a terminal (it then draws nothing and changes no
/// terminal settings), under a chosen umask, to completion or a deadline.
enum CampusProcess {
    struct Run {
        /// The exit status, or `nil` if the process did not exit before the deadline (it was killed).
        let status: Int32?
        /// What it wrote to standard error.
        let errors: String
    }

    /// Runs `campus-library` with `arguments` under `umask`; kills it after `timeout`.
    static func run(_ arguments: [String], umask: String = "022", timeout: Duration = .seconds(20)) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask \(umask); exec \"$0\" \"$@\"", try Terminal.binary()] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(Sanitizer.appProcessOptions) { _, app in app }
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let exited = HostileFiles.finishing(within: Double(timeout.components.seconds)) {
            process.waitUntilExit()
            return true
        }
        if exited == nil {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Run(status: exited == nil ? nil : process.terminationStatus, errors: text)
    }

    /// Every file and directory under `root` (not following links) with its mode and contents.
    static func tree(_ root: String) -> [String: String] {
        var entries: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let name = enumerator?.nextObject() as? String {
            let path = root + "/" + name
            let mode = HostileFiles.mode(path).map { String($0, radix: 8) } ?? "?"
            let contents = HostileFiles.isLink(path) ? "link" : (try? Data(contentsOf: URL(fileURLWithPath: path)))?.base64EncodedString() ?? "-"
            entries[name] = mode + " " + contents
        }
        return entries
    }
}
