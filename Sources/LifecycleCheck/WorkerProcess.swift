import Foundation
import Synchronization

/// One worker process of `--jobs`: the command itself, run on a slice of the search with the
/// parent's options, writing its summary file at ``outputPath`` and its progress on standard
/// output (`progress N` lines, which a reader thread counts). Its standard error is the
/// parent's. Owned by ``ParallelExplorer``, on the main actor; the process ends by itself or
/// by ``stop()``.
@MainActor
final class WorkerProcess {
    /// Schedules done so far, as the worker last said: written by the reader thread.
    final class Progress: Sendable {
        private let done = Mutex(0)

        var value: Int { done.withLock { $0 } }

        func set(_ value: Int) {
            done.withLock { $0 = value }
        }
    }

    /// The worker could not be started.
    struct LaunchError: Error, CustomStringConvertible {
        var description: String
    }

    /// The schedules of the search it runs.
    let range: Range<Int>
    /// Where it writes its summary file.
    let outputPath: String
    let progress = Progress()
    private let process = Process()

    /// Starts `executable` with `arguments` on the schedules of `range`.
    /// - Throws: ``LaunchError`` if the process cannot be started; nothing runs then.
    init(executable: URL, arguments: [String], range: Range<Int>, outputPath: String) throws(LaunchError) {
        self.range = range
        self.outputPath = outputPath
        let pipe = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            throw LaunchError(description: "cannot start a worker (\(executable.path)): \(error.localizedDescription)")
        }
        try? pipe.fileHandleForWriting.close()
        let reading = pipe.fileHandleForReading
        let progress = progress
        // The thread owns the reading end until the worker closes its output (when it ends).
        Thread.detachNewThread {
            var pending = Data()
            while case let chunk = reading.availableData, !chunk.isEmpty {
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    if line.hasPrefix("progress "), let done = Int(line.dropFirst(9)) { progress.set(done) }
                }
            }
            try? reading.close()
        }
    }

    /// Whether the process still runs.
    var isRunning: Bool { process.isRunning }

    /// Its exit status, once it has ended (a signal that ended it counts as 128 + its number).
    var status: Int32 {
        process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// Ends the process (SIGTERM) if it still runs: its slice is no longer needed.
    func stop() {
        if process.isRunning { process.terminate() }
    }
}
