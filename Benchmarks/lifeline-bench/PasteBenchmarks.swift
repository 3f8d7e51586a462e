import DurableState
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `campus.paste-1MB`: the real `campus-library` in a pseudo-terminal, its note editor open, is
/// sent a 1 MB bracketed paste (over a note's limit, so it is refused and kept aside); measured
/// from the moment the terminal took the paste's last byte to the moment the screen shows the
/// answer, versus the time `StoredCodec` takes to encode the same megabyte in this process (the
/// one encoding a refusal at the edit must cost). Median of 7 launches. Goal: ratio ≤ 3. Needs
/// `campus-library` built next to `lifeline-bench` (`swift build -c release`).
enum PasteBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "campus.paste-1MB") { try await pasteMegabyte() },
    ]

    static let text = String(repeating: "All work and no play makes Jack a dull boy. ", count: 23_000)

    @MainActor
    static func pasteMegabyte() async throws -> BenchmarkResult {
        let app = try CampusBenchmarks.campusLibraryBinary().path
        let paste = Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8)
        var values: [Double] = []
        for _ in 0..<7 {
            values.append(try answerMilliseconds(app: app, paste: paste))
        }
        let codec = StoredCodec(sizeLimit: 64 * 1024 * 1024)
        let encoding = try Measure.sideBySide(rounds: 7, iterations: 3) {
            blackHole(try codec.encode(text, writtenAt: Date()))
        } baseline: {}
        return BenchmarkResult(value: Measure.median(values), baseline: encoding.value / 1e6, unit: "ms")
    }

    /// Launches the app in a fresh data directory on Emma's note, pastes, and returns the time
    /// from the paste's last byte to the refusal on screen.
    @MainActor
    static func answerMilliseconds(app: String, paste: [UInt8]) throws -> Double {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("campus-paste-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try PseudoTerminalSession(
            [app, "--data-dir", directory.path, "campuslibrary://book/austen-emma"], environment: ["TERM=xterm-256color", "HOME=" + directory.path])
        defer { terminal.end() }
        try terminal.waitFor("subjects: Matchmaking")
        terminal.write(Array("n".utf8))
        try terminal.waitFor("Note on")
        terminal.write(paste)
        let lastByte = ContinuousClock.now
        try terminal.waitFor("This text was not added")
        let elapsed = lastByte.duration(to: terminal.lastMatch)
        let (seconds, attoseconds) = elapsed.components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }
}

/// A child process on a pseudo-terminal of its own (80 × 24), whose output a thread reads as it
/// comes, noting when awaited text first appears. Used by one benchmark at a time.
final class PseudoTerminalSession: Sendable {
    private let primary: Int32
    private let pid: pid_t
    private let output = OutputBuffer()
    private let condition = Mutex<ContinuousClock.Instant?>(nil)
    /// How much output there was when input was last written: later waits look after it.
    private let mark = Mutex(0)

    /// When the last awaited text appeared.
    var lastMatch: ContinuousClock.Instant { condition.withLock { $0 } ?? .now }

    init(_ arguments: [String], environment: [String]) throws {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&primary, &secondary, nil, nil, &size) == 0 else {
            throw CampusBenchmarks.BenchmarkSetupError("openpty failed")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, secondary, descriptor) }
        posix_spawn_file_actions_addclose(&actions, primary)
        posix_spawn_file_actions_addclose(&actions, secondary)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        close(secondary)
        guard spawned == 0 else {
            close(primary)
            throw CampusBenchmarks.BenchmarkSetupError("could not start \(arguments[0])")
        }
        self.primary = primary
        self.pid = pid
        let output = output
        let descriptor = primary
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                output.state.withLock { $0.bytes += buffer[..<count] }
            }
            output.state.withLock { $0.ended = true }
        }
    }

    /// Writes all of `bytes`, as a terminal hands typed or pasted input to the app.
    func write(_ bytes: [UInt8]) {
        mark.withLock { $0 = output.state.withLock { $0.bytes.count } }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(primary, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Waits (polling the output every millisecond, at most 60 s) until the output written since
    /// the last input shows `text`, and notes when it first did.
    func waitFor(_ text: String) throws {
        let needle = Array(text.utf8)
        let deadline = ContinuousClock.now + .seconds(60)
        var searched = mark.withLock { $0 }
        while ContinuousClock.now < deadline {
            let (bytes, ended) = output.state.withLock { ($0.bytes, $0.ended) }
            if bytes.count > searched, bytes[searched...].firstRange(of: needle) != nil {
                condition.withLock { $0 = .now }
                return
            }
            searched = max(bytes.count - needle.count, searched)
            if ended { break }
            usleep(1_000)
        }
        throw CampusBenchmarks.BenchmarkSetupError("campus-library never showed “\(text)”")
    }

    /// Ends the app (SIGTERM, then waits for it).
    func end() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        close(primary)
    }
}

/// What a ``PseudoTerminalSession``'s reader thread has read, and whether the output ended.
final class OutputBuffer: Sendable {
    let state = Mutex((bytes: [UInt8](), ended: false))
}
