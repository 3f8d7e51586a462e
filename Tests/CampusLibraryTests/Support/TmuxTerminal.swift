import Foundation
import LifelineTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A tmux server of its own (a private socket) with one 100 × 30 pane running a shell.
final class Terminal: Sendable {
    let socket = "campus-e2e-\(UUID().uuidString.prefix(8))"

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
    }

    /// The `campus-library` binary next to the test bundle.
    static func binary() throws -> String {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("campus-library").path }
        guard let found = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw E2EFailure("campus-library is not built next to the tests (swift build --build-tests builds it)")
        }
        return found
    }

    init() throws {
        // The shell starts from an empty environment, but for the sanitizer options of
        // `make sanitize`, which the app must see (its ASan suppressions among them).
        let sanitizerOptions = Sanitizer.appProcessOptions.sorted { $0.key < $1.key }.map { "'\($0.key)=\($0.value)'" }
        let shell = ["env -i PATH=/usr/bin:/bin TERM=xterm-256color HOME=/tmp"] + sanitizerOptions + ["bash --norc --noprofile"]
        // The server this starts keeps running in the background: it must not inherit a pipe.
        try tmux(capturing: false, ["new-session", "-d", "-s", "e2e", "-x", "100", "-y", "30", shell.joined(separator: " ")])
    }

    func shutDown() {
        _ = try? tmux(capturing: false, ["kill-server"])
    }

    func type(_ text: String, then key: String? = nil) throws {
        try tmux(capturing: false, ["send-keys", "-t", "e2e", "-l", text])
        if let key { try keys(key) }
    }

    func keys(_ names: String...) throws {
        try tmux(capturing: false, ["send-keys", "-t", "e2e"] + names)
    }

    /// Pastes the contents of the file at `path` as a terminal does: bracketed, if the app asked
    /// for bracketed paste.
    func paste(contentsOf path: String) throws {
        try tmux(capturing: false, ["load-buffer", "-b", "e2e", path])
        try tmux(capturing: false, ["paste-buffer", "-p", "-d", "-b", "e2e", "-t", "e2e"])
    }

    /// The screen's text with wrapped lines joined: each line break followed by the one-space
    /// indent of a wrapped paragraph becomes a space, so a phrase is found wherever it wrapped.
    func flowingText() throws -> String {
        try screen().split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.replacing(/\s+$/, with: "") }
            .joined(separator: "\n")
            .replacingOccurrences(of: "\n ", with: " ")
    }

    /// Waits until the screen shows one of `texts` (wherever they wrap), and returns it.
    func waitForAny(of texts: [String], timeout: Duration = .seconds(10)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let shown = try flowingText()
            if let found = texts.first(where: shown.contains) { return found }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw E2EFailure("timed out waiting for one of \(texts); the screen shows:\n\(try screen())")
    }

    /// Waits until the screen no longer shows `text`.
    func waitForAbsence(of text: String, timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try !flowingText().contains(text) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw E2EFailure("timed out waiting for “\(text)” to go; the screen shows:\n\(try screen())")
    }

    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "e2e"])
    }

    func waitFor(_ text: String, timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try screen().contains(text) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw E2EFailure("timed out waiting for “\(text)”; the screen shows:\n\(try screen())")
    }

    /// The app: the child of the pane's shell.
    func appProcess() async throws -> Int32 {
        for _ in 0..<100 {
            if let pid = try appProcessOrNil() { return pid }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw E2EFailure("the app process was not found")
    }

    func appProcessOrNil() throws -> Int32? {
        let shell = try tmux(["display-message", "-p", "-t", "e2e", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try run("/bin/ps", ["-o", "pid=", "--ppid", shell])
        return children.split(separator: "\n").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) }.first
    }

    func waitForState(of pid: Int32, _ state: String) async throws {
        for _ in 0..<200 {
            if (try? run("/bin/ps", ["-o", "stat=", "-p", String(pid)]))?.hasPrefix(state) == true { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw E2EFailure("process \(pid) never reached state \(state)")
    }

    func kill(_ pid: Int32) throws {
        _ = try run("/bin/kill", ["-KILL", String(pid)])
    }

    func terminate(_ pid: Int32) throws {
        _ = try run("/bin/kill", ["-TERM", String(pid)])
    }

    func waitForExit(of pid: Int32) async throws {
        guard pid > 0 else { return }
        for _ in 0..<200 {
            if (try? run("/bin/ps", ["-o", "pid=", "-p", String(pid)]))?.isEmpty != false { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw E2EFailure("process \(pid) did not exit")
    }

    @discardableResult
    private func tmux(capturing: Bool = true, _ arguments: [String]) throws -> String {
        try run("/usr/bin/env", ["tmux", "-L", socket] + arguments, capturing: capturing)
    }

    /// Runs a program to completion with `posix_spawn` and `waitpid` (Foundation's `Process`
    /// waits for every process that inherited its descriptors, and the tmux server stays).
    private func run(_ executable: String, _ arguments: [String], capturing: Bool = true) throws -> String {
        var pipe: [Int32] = [-1, -1]
        if capturing, Glibc.pipe(&pipe) != 0 { throw E2EFailure("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturing {
            posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipe[0])
            posix_spawn_file_actions_addclose(&actions, pipe[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        // The tmux server and its shell must be able to be hung up: default signals.
        let spawned = SpawnAttributes.withDefaultSignals { attributes in posix_spawn(&pid, executable, &actions, &attributes, argv, environ) }
        guard spawned == 0 else { throw E2EFailure("could not start \(executable)") }
        var output = [UInt8]()
        if capturing {
            close(pipe[1])
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(pipe[0], &buffer, buffer.count)
                if count <= 0 { break }
                output += buffer[0..<count]
            }
            close(pipe[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }
}

struct E2EFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
