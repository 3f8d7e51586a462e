import Foundation
import Synchronization

/// One worker process seen from its parent: its standard input for requests, its standard
/// output as lines (read by a thread of its own), and its standard error kept for the trap
/// message. Owned by one ``WorkerRunner`` or ``IsolatedExplorer`` on the main actor; the
/// process ends by itself or once its input is closed (``end()``).
@MainActor
final class WorkerConnection {
    /// How the process ended, and what it wrote on standard error (its first 256 KiB).
    struct End: Sendable {
        /// The exit status, or `nil` when a signal ended it.
        var status: Int32?
        /// The signal that ended it, if one did.
        var signal: Int32?
        var standardError: String
    }

    /// The process's end, filled by the termination handler and the standard-error thread;
    /// awaited by ``end()``. Safe because every field is read and written under its mutex.
    private final class EndBox: Sendable {
        private struct State {
            var status: (code: Int32, signal: Bool)?
            var errors: Data?
            var waiter: CheckedContinuation<End, Never>?
        }
        private let state = Mutex(State())

        func terminated(code: Int32, signal: Bool) {
            update { $0.status = (code, signal) }
        }

        func errorsClosed(_ data: Data) {
            update { $0.errors = data }
        }

        func wait() async -> End {
            await withCheckedContinuation { continuation in
                update { $0.waiter = continuation }
            }
        }

        private func update(_ change: (inout State) -> Void) {
            let ready: (CheckedContinuation<End, Never>, End)? = state.withLock { state in
                change(&state)
                guard let status = state.status, let errors = state.errors, let waiter = state.waiter else { return nil }
                state.waiter = nil
                let end = End(
                    status: status.signal ? nil : status.code, signal: status.signal ? status.code : nil,
                    standardError: String(decoding: errors, as: UTF8.self)
                )
                return (waiter, end)
            }
            if let (waiter, end) = ready { waiter.resume(returning: end) }
        }
    }

    private let process = Process()
    private let input = Pipe()
    private var lines: AsyncStream<String>.Iterator
    private let endBox = EndBox()

    /// Starts the worker `launch` describes.
    /// - Throws: ``WorkerError`` if it cannot be started; nothing runs then.
    init(_ launch: WorkerLaunch) throws(WorkerError) {
        let output = Pipe()
        let errors = Pipe()
        process.executableURL = launch.executable
        process.arguments = launch.arguments
        process.environment = launch.processEnvironment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let endBox = endBox
        process.terminationHandler = { process in
            endBox.terminated(code: process.terminationStatus, signal: process.terminationReason == .uncaughtSignal)
        }
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
        lines = stream.makeAsyncIterator()
        do {
            try process.run()
        } catch {
            throw WorkerError(description: "cannot start a worker (\(launch.executable.path)): \(error.localizedDescription)")
        }
        try? output.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
        try? input.fileHandleForReading.close()
        let reading = output.fileHandleForReading
        // The thread owns the reading end until the worker closes its output (when it ends).
        Thread.detachNewThread {
            var pending = Data()
            while case let chunk = reading.availableData, !chunk.isEmpty {
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    continuation.yield(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            try? reading.close()
            continuation.finish()
        }
        let errorReading = errors.fileHandleForReading
        Thread.detachNewThread {
            var kept = Data()
            while case let chunk = errorReading.availableData, !chunk.isEmpty {
                if kept.count < 262_144 { kept.append(chunk.prefix(262_144 - kept.count)) }
            }
            try? errorReading.close()
            endBox.errorsClosed(kept)
        }
    }

    /// Sends `request` as one line.
    /// - Throws: ``WorkerError`` if it cannot be encoded or the worker no longer reads.
    func send(_ request: WorkerRequest) throws(WorkerError) {
        do {
            try input.fileHandleForWriting.write(contentsOf: Data((try request.line() + "\n").utf8))
        } catch {
            throw WorkerError(description: "cannot send a request to the worker: \(error)")
        }
    }

    /// The next line the worker wrote, or `nil` once its output is closed (it ended).
    func nextLine() async -> String? {
        var iterator = lines
        let line = await iterator.next(isolation: MainActor.shared)
        lines = iterator
        return line
    }

    /// Closes its input (the worker then ends) and waits for its end.
    func end() async -> End {
        try? input.fileHandleForWriting.close()
        return await endBox.wait()
    }
}
