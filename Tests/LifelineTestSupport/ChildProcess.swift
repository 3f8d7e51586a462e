import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, its standard input a pipe the test writes and
/// its standard output and error read as they come: a test awaits text in them, or the exit,
/// instead of sleeping. Several can run at once (two launches raced against each other).
///
/// ```swift
/// let child = try ChildProcess(path, ["--flag"], environment: ["HOME": home])
/// try await child.waitForOutput(containing: "ready")
/// child.write("q")
/// let status = await child.waitForExit()
/// ```
///
/// Started with an empty signal mask and default dispositions (test threads block signals, and
/// a child inherits the mask). Killed with SIGKILL when released still running. `Sendable`: its
/// state is under a `Mutex`; its reader threads end at end of output.
public final class ChildProcess: Sendable {
    /// How a wait ended.
    public enum Ending: Equatable, Sendable {
        /// The awaited text appeared.
        case found
        /// The output ended (the process closed it or exited) without it.
        case ended
    }

    /// The child's process identifier.
    public let pid: Int32
    private let input: Int32
    private let shared = Shared()
    private let exitStatus = Mutex<Int32?>(nil)

    private struct State {
        var output = Data()
        var errors = Data()
        var openStreams = 2
    }

    /// What the reader threads fill, apart from the child so that releasing it kills the child.
    private final class Shared: Sendable {
        let state = Mutex(State())
        /// Wakes a waiter after each chunk read and at the end of each stream.
        let changes: AsyncStream<Void>.Continuation
        let stream: AsyncStream<Void>

        init() {
            (stream, changes) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        }
    }

    /// Starts `executable` with `arguments` and exactly `environment` (plus the sanitizer's
    /// options under `make sanitize`).
    /// - Throws: ``TestKeyringError`` if it cannot be started.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        var pipes: [[Int32]] = [[-1, -1], [-1, -1], [-1, -1]]
        for index in pipes.indices where pipe(&pipes[index]) != 0 { throw TestKeyringError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
        for pair in pipes { for end in pair { posix_spawn_file_actions_addclose(&actions, end) } }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let environment = environment.merging(Sanitizer.appProcessOptions) { own, _ in own }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = SpawnAttributes.withDefaultSignals { attributes in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
        close(pipes[0][0])
        close(pipes[1][1])
        close(pipes[2][1])
        guard spawned == 0 else {
            for end in [pipes[0][1], pipes[1][0], pipes[2][0]] { close(end) }
            throw TestKeyringError("could not start \(executable): errno \(spawned)")
        }
        self.pid = pid
        self.input = pipes[0][1]
        Self.read(pipes[1][0], toErrors: false, shared: shared)
        Self.read(pipes[2][0], toErrors: true, shared: shared)
    }

    deinit {
        if exitStatus.withLock({ $0 }) == nil, kill(pid, 0) == 0 {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(input)
    }

    /// Everything the child wrote to standard output so far.
    public var output: String { String(decoding: shared.state.withLock { $0.output }, as: UTF8.self) }

    /// Everything the child wrote to standard error so far.
    public var errors: String { String(decoding: shared.state.withLock { $0.errors }, as: UTF8.self) }

    /// Writes `text` to the child's standard input.
    public func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits until standard output holds `text`, or ends. One wait at a time.
    @discardableResult
    public func waitForOutput(containing text: String) async -> Ending {
        let needle = Data(text.utf8)
        return await waitForOutput { output in output.range(of: needle) != nil }
    }

    /// Waits until `isDone` holds of standard output so far (checked after each chunk read), or
    /// the output ends. One wait at a time.
    @discardableResult
    public func waitForOutput(where isDone: (Data) -> Bool) async -> Ending {
        var wakes = shared.stream.makeAsyncIterator()
        while true {
            if isDone(shared.state.withLock { $0.output }) { return .found }
            guard await wakes.next() != nil else { break }
        }
        return isDone(shared.state.withLock { $0.output }) ? .found : .ended
    }

    /// Waits for the child to exit and returns its status: the exit code, or 128 plus the
    /// signal's number for a child ended by a signal.
    public func waitForExit() async -> Int32 {
        if let status = exitStatus.withLock({ $0 }) { return status }
        let pid = pid
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            Thread.detachNewThread {
                var raw: Int32 = 0
                while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
                let signal = raw & 0x7F
                continuation.resume(returning: signal == 0 ? (raw >> 8) & 0xFF : 128 + signal)
            }
        }
        exitStatus.withLock { $0 = status }
        return status
    }

    /// Reads `descriptor` on a thread of its own into the output or the errors, waking waiters.
    private static func read(_ descriptor: Int32, toErrors: Bool, shared: Shared) {
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                shared.state.withLock { state in
                    if toErrors { state.errors.append(contentsOf: buffer[..<count]) } else { state.output.append(contentsOf: buffer[..<count]) }
                }
                shared.changes.yield()
            }
            close(descriptor)
            let last = shared.state.withLock { state in
                state.openStreams -= 1
                return state.openStreams == 0
            }
            shared.changes.yield()
            if last { shared.changes.finish() }
        }
    }
}
