import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// The writing end of the worker's standard input.
    private let input: FileHandle
    private var lines: AsyncStream<String>.Iterator
    private let endBox = EndBox()

    /// Starts the worker `launch` describes.
    /// - Throws: ``WorkerError`` if it cannot be started; nothing runs then.
    init(_ launch: WorkerLaunch) throws(WorkerError) {
        let inputPipe = try Self.closingOnExecPipe()
        let output = try Self.closingOnExecPipe()
        let errors = try Self.closingOnExecPipe()
        input = inputPipe.writing
        process.executableURL = launch.executable
        process.arguments = launch.arguments
        process.environment = launch.processEnvironment
        process.standardInput = inputPipe.reading
        process.standardOutput = output.writing
        process.standardError = errors.writing
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
        try? output.writing.close()
        try? errors.writing.close()
        try? inputPipe.reading.close()
        let reading = output.reading
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
        let errorReading = errors.reading
        Thread.detachNewThread {
            var kept = Data()
            while case let chunk = errorReading.availableData, !chunk.isEmpty {
                if kept.count < 262_144 { kept.append(chunk.prefix(262_144 - kept.count)) }
            }
            try? errorReading.close()
            endBox.errorsClosed(kept)
        }
    }

    /// A pipe whose two ends close on `exec`: a process that another part of this process starts
    /// later (a test beside this one: a terminal server that lives on) does not inherit them, so
    /// the worker's end of input and of output are seen as soon as the worker ends. (The worker
    /// gets its ends as its standard streams, which `dup2` makes without the flag.) The flag is
    /// set at once after `pipe` (`pipe2` is not in Swift's Glibc module).
    /// - Throws: ``WorkerError`` if the system has no pipe to give.
    private static func closingOnExecPipe() throws(WorkerError) -> (reading: FileHandle, writing: FileHandle) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw WorkerError(description: "cannot create a pipe for a worker: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (FileHandle(fileDescriptor: ends[0], closeOnDealloc: true), FileHandle(fileDescriptor: ends[1], closeOnDealloc: true))
    }

    /// Sends `request` as one line.
    /// - Throws: ``WorkerError`` if it cannot be encoded or the worker no longer reads.
    func send(_ request: WorkerRequest) throws(WorkerError) {
        do {
            try input.write(contentsOf: Data((try request.line() + "\n").utf8))
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
        try? input.close()
        return await endBox.wait()
    }
}
