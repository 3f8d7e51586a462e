import Foundation
import LifelineTestSupport
import Testing

/// Drives the real `campus-library` binary in a pseudo-terminal (a tmux pane running a shell, so
/// that Ctrl-Z gets job control) and kills it for real.
@Suite("campus-library end to end", .serialized, .startsCampusLibrary)
struct CampusLibraryEndToEndTests {
    @Test(
        "sign in, a note in one window, another book selected in another; Ctrl-Z, SIGKILL, relaunch: all restored",
        .enabled(if: Terminal.isAvailable, "needs tmux"),
        .timeLimit(.minutes(1))
    )
    func killAndRelaunch() async throws {
        let binary = try Terminal.binary()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("campus-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let terminal = try Terminal()
        defer { terminal.shutDown() }
        let command = "\(binary) --data-dir \(data.path)"

        try terminal.type(command, then: "Enter")
        try await terminal.waitFor("Window 1/1")
        try await terminal.signIn()
        try await terminal.writeNoteOnMobyDick("Call me Ishmael")

        try terminal.keys("C-n")
        try await terminal.waitFor("Window 2/2")
        try terminal.type("pride")
        try await terminal.waitFor("Pride and Prejudice")
        try terminal.keys("Down")
        try await terminal.waitFor("◆ Pride and Prejudice")

        let pid = try await terminal.appProcess()
        try terminal.keys("C-z")
        try await terminal.waitForState(of: pid, "T")
        try terminal.kill(pid)
        try await terminal.waitForExit(of: pid)

        try terminal.type("clear; " + command, then: "Enter")
        try await terminal.waitFor("Window 2/2")
        try await terminal.waitFor("▸ Pride and Prejudice")
        let second = try terminal.screen()
        #expect(second.contains("Search: pride"))
        #expect(second.contains("▸ Pride and Prejudice"))
        #expect(second.contains("◆ Pride and Prejudice"))
        #expect(second.contains("Ada"), "still signed in")
        try terminal.keys("Tab")
        try await terminal.waitFor("Window 1/2")
        try await terminal.waitFor("Call me Ishmael")
        let first = try terminal.screen()
        #expect(first.contains("Call me Ishmael"))
        #expect(first.contains("✓ saved"))
        #expect(first.contains("◆ Moby-Dick"))
        let relaunched = try await terminal.appProcess()
        try terminal.keys("C-c")
        try await terminal.waitForExit(of: relaunched)
        try await terminal.waitFor("bash-")
        #expect(try !terminal.screen().contains("Campus Library"), "the terminal is given back on exit")
    }

    @Test(
        "a link opens its book; a note typed just before SIGTERM is saved by the termination, not lost",
        .enabled(if: Terminal.isAvailable, "needs tmux"),
        .timeLimit(.minutes(1))
    )
    func linkAndTermination() async throws {
        let binary = try Terminal.binary()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("campus-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let terminal = try Terminal()
        defer { terminal.shutDown() }
        let command = "\(binary) --data-dir \(data.path)"

        try terminal.type(command + " campuslibrary://book/austen-emma", then: "Enter")
        try await terminal.waitFor("subjects: Matchmaking")
        try terminal.keys("n")
        try await terminal.waitFor("Note on “Emma”")
        let pid = try await terminal.appProcess()
        try terminal.type("Mr Knightley")
        try await terminal.waitFor("Mr Knightley")
        try terminal.terminate(pid)
        try await terminal.waitForExit(of: pid)
        try await terminal.waitFor("bash-")

        try terminal.type("clear; " + command, then: "Enter")
        try await terminal.waitFor("Note on “Emma”")
        try await terminal.waitFor("Mr Knightley")
        #expect(try terminal.screen().contains("✓ saved"))
        let relaunched = try await terminal.appProcess()
        try terminal.keys("C-c")
        try await terminal.waitForExit(of: relaunched)
    }

    @Test(
        "a remote book's window survives a launch during an outage: offline message, state kept, the book back once the service is",
        .enabled(if: Terminal.isAvailable, "needs tmux"),
        .disabled(
            if: Sanitizer.current == .address,
            """
            campus-library links the sanitizer's runtime statically and does not export it, so under \
            AddressSanitizer its networking plugin cannot be loaded (dlopen: undefined symbol \
            __asan_option_detect_stack_use_after_return) and the catalogue is always offline
            """
        ),
        .timeLimit(.minutes(1))
    )
    func outageAtLaunch() async throws {
        let binary = try Terminal.binary()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("campus-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let terminal = try Terminal()
        defer { terminal.shutDown() }
        var server = try LoopbackHTTPServer(handler: OpenLibraryFixtures.handler(serving: OpenLibraryFixtures.mistborn2021))
        defer { server.stop() }
        let port = server.port
        let command = "\(binary) --data-dir \(data.path) --remote-catalogue http://127.0.0.1:\(port)"

        try terminal.type(command, then: "Enter")
        try await terminal.waitFor("Window 1/1")
        try terminal.type("mistborn")
        try await terminal.waitFor("Mistborn Adventure Game — Brandon Sanderson")
        try terminal.keys("Down")
        try terminal.keys("Down")
        try await terminal.waitFor("▸ Mistborn Adventure Game")
        try terminal.keys("Enter")
        try await terminal.waitFor("by Brandon Sanderson, Alex Flagg, Patrick Kapera, Crafty Games")
        #expect(try terminal.screen().contains("first published 2012"))
        let first = try await terminal.appProcess()
        try terminal.keys("C-c")
        try await terminal.waitForExit(of: first)

        server.stop()
        try terminal.type("clear; " + command, then: "Enter")
        try await terminal.waitFor("this book will load when it is back")
        let offline = try terminal.screen()
        #expect(offline.contains("Window 1/1 · Book"))
        #expect(offline.contains("offline — showing the library's own catalogue"))
        #expect(!offline.contains("no longer in the catalogue"))
        let second = try await terminal.appProcess()
        try terminal.keys("C-c")
        try await terminal.waitForExit(of: second)

        server = try LoopbackHTTPServer(port: port, handler: OpenLibraryFixtures.handler(serving: OpenLibraryFixtures.mistborn2021))
        try terminal.type("clear; " + command, then: "Enter")
        try await terminal.waitFor("by Brandon Sanderson, Alex Flagg, Patrick Kapera, Crafty Games")
        let back = try terminal.screen()
        #expect(back.contains("Window 1/1 · Book"))
        #expect(back.contains("Mistborn Adventure Game"))
        #expect(!back.contains("offline"))
        let third = try await terminal.appProcess()
        try terminal.keys("C-c")
        try await terminal.waitForExit(of: third)
    }
}
