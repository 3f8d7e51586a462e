import Foundation
import LifelineTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The real `campus-library` in a real terminal (tmux) at the edges where work used to be lost:
/// Ctrl-\ and Ctrl-S, a megabyte pasted into a note, damaged and unreadable files, a log that
/// cannot be opened.
@Suite("campus-library at the edges, end to end", .serialized, .startsCampusLibrary)
struct CampusEdgesEndToEndTests {
    let scratch: ScratchDirectory
    let terminal: Terminal
    let command: String

    init() throws {
        scratch = try ScratchDirectory()
        terminal = try Terminal()
        command = "\(try Terminal.binary()) --data-dir \(scratch.path("data"))"
    }

    /// Opens Emma's note from a launch (`then` keys pressed once the book is shown).
    func openEmmasNote() async throws {
        try terminal.type("clear; " + command + " campuslibrary://book/austen-emma", then: "Enter")
        try await terminal.waitFor("subjects: Matchmaking")
        try terminal.keys("n")
        try await terminal.waitFor("Note on “Emma”")
    }

    /// Quits with Ctrl-C and waits for the shell.
    func quit() async throws {
        let app = try await terminal.appProcess()
        try terminal.keys("C-c")
        try await terminal.waitForExit(of: app)
    }

    @Test(
        "Ctrl-\\ (SIGQUIT) ends the app through the lifecycle: status 0, the note typed just before is saved, the log says so",
        .enabled(if: Terminal.isAvailable, "needs tmux"), .timeLimit(.minutes(1))
    )
    func quitSignal() async throws {
        defer { terminal.shutDown() }
        try await openEmmasNote()
        let app = try await terminal.appProcess()
        try terminal.type("Mr Knightley")
        try await terminal.waitFor("Mr Knightley")
        try terminal.keys("C-\\")
        try await terminal.waitForExit(of: app)
        try terminal.type("echo status=$?", then: "Enter")
        try await terminal.waitFor("status=0")

        try await openEmmasNote()
        try await terminal.waitFor("Mr Knightley")
        #expect(try terminal.screen().contains("✓ saved"))
        let log = try String(contentsOfFile: scratch.path("data/campus-library.log"), encoding: .utf8)
        #expect(log.contains("Received SIGQUIT"))
        try await quit()
    }

    @Test(
        "Ctrl-S does not freeze the app: what is typed after it shows, and it saves at once",
        .enabled(if: Terminal.isAvailable, "needs tmux"), .timeLimit(.minutes(1))
    )
    func controlS() async throws {
        defer { terminal.shutDown() }
        try await openEmmasNote()
        try terminal.type("one")
        try terminal.keys("C-s")
        try await terminal.waitFor("✓ saved")
        try terminal.type(" two")
        try await terminal.waitFor("one two")
        try await terminal.waitFor("✓ saved")
        try await quit()
    }

    @Test(
        "a 1 MB paste into a note is answered without a stall, refused with its reason and kept across quit; escape sequences in a paste are stripped, its text kept",
        .enabled(if: Terminal.isAvailable, "needs tmux"), .timeLimit(.minutes(2))
    )
    func largePaste() async throws {
        defer { terminal.shutDown() }
        try await openEmmasNote()
        try terminal.type("Before ")
        try await terminal.waitFor("✓ saved")
        let small = scratch.path("escapes.txt")
        try Data("EVIL\u{1B}[31mRED\u{1B}[0m\u{1B}]0;owned\u{07}<end>".utf8).write(to: URL(fileURLWithPath: small))
        try terminal.paste(contentsOf: small)
        try await terminal.waitFor("Before EVILRED<end>")
        try await terminal.waitFor("✓ saved")

        let megabyte = String(repeating: "All work and no play makes Jack a dull boy. ", count: 23_000)
        let large = scratch.path("megabyte.txt")
        try Data(megabyte.utf8).write(to: URL(fileURLWithPath: large))
        let pasted = ContinuousClock.now
        try terminal.paste(contentsOf: large)
        try await terminal.waitFor("This text was not added", timeout: .seconds(20))
        let answered = ContinuousClock.now - pasted
        // The speed itself is the benchmark's (`campus.paste-1MB`, a ratio in one run): this bound,
        // far from any load's delay, stands against the quadratic stall of old (about 38 s).
        #expect(answered < .seconds(10), "the screen answered \(answered) after the paste")
        let screen = try terminal.screen()
        #expect(screen.contains("over its limit of 262,144"), "\(screen)")
        #expect(screen.contains("Before EVILRED<end>"))
        let notes = scratch.path("data/notes")
        let kept = try FileManager.default.contentsOfDirectory(atPath: notes).filter { $0.hasPrefix("austen-emma.refused-") }
        #expect(kept.count == 1)
        #expect(FileManager.default.contents(atPath: notes + "/" + (kept.first ?? "")) == Data(megabyte.utf8))

        try await quit()
        try terminal.type("clear; " + command, then: "Enter")
        try await terminal.waitFor("A paste that did not fit this note is kept at")
        #expect(try terminal.screen().contains("Before EVILRED<end>"))
        #expect(FileManager.default.contents(atPath: notes + "/" + (kept.first ?? "")) == Data(megabyte.utf8))
        try await quit()
    }

    @Test(
        "damaged library records, windows, settings and reading list, then unreadable records: each outcome is shown once, in words",
        .enabled(if: Terminal.isAvailable, "needs tmux"), .timeLimit(.minutes(2))
    )
    func storeOutcomes() async throws {
        defer { terminal.shutDown() }
        let data = scratch.path("data")
        try terminal.type(command + " campuslibrary://book/austen-emma", then: "Enter")
        try await terminal.waitFor("subjects: Matchmaking")
        try await terminal.signIn()
        try await terminal.waitFor("subjects: Matchmaking")
        try terminal.keys("a")
        try await terminal.waitFor("basket 1")
        try terminal.keys("r")
        try await terminal.waitFor("On your reading list")
        try await quit()

        for name in ["server/state.json", "windows.json", "preferences.prefs"] {
            #expect(FileManager.default.fileExists(atPath: data + "/" + name + ".bak"), "\(name) has an earlier generation")
            try Data("damaged".utf8).write(to: URL(fileURLWithPath: data + "/" + name))
        }
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: data + "/reading-list.sqlite" + suffix) }
        try Data().write(to: URL(fileURLWithPath: data + "/reading-list.sqlite"))

        try terminal.type("clear; " + command, then: "Enter")
        var expected = [
            "Your windows could not be read, so an older copy (saved",
            "Your settings could not be read, so an older copy (saved",
            "The library's records on this computer (your sign-in and basket) could not be read, so an older copy (saved",
            "Your reading list was damaged (or empty); it is kept at \(data)/reading-list.sqlite.corrupt-",
        ]
        while !expected.isEmpty {
            let shown = try await terminal.waitForAny(of: expected)
            expected.removeAll { $0 == shown }
            #expect(try terminal.flowingText().contains("is kept at \(data)/"), "the notice says where the damaged file is kept")
            try terminal.keys("Escape")
            try await terminal.waitForAbsence(of: shown)
        }
        #expect(try !terminal.screen().contains("(Esc:"), "each outcome is shown once")
        #expect(try terminal.screen().contains("basket 0"))
        try await quit()

        try? FileManager.default.removeItem(atPath: data + "/server/state.json")
        try HostileFiles.plantFIFO(at: data + "/server/state.json")
        try terminal.type("clear; " + command, then: "Enter")
        _ = try await terminal.waitForAny(of: ["The library's records on this computer (your sign-in and basket) (\(data)/server/state.json) cannot be read right now"])
        #expect(try terminal.flowingText().contains("nothing is saved there until it can be read"))
        try await quit()
        #expect(HostileFiles.isFIFO(data + "/server/state.json"), "the unreadable file was not written over")
    }

    @Test(
        "a log that cannot be opened: 'logging is off' is shown inside the app, not only on the hidden standard error",
        .enabled(if: Terminal.isAvailable, "needs tmux"), .timeLimit(.minutes(1))
    )
    func loggingOff() async throws {
        defer { terminal.shutDown() }
        try FileManager.default.createDirectory(atPath: scratch.path("data/campus-library.log"), withIntermediateDirectories: true)
        chmod(scratch.path("data"), 0o700)
        try terminal.type("clear; " + command, then: "Enter")
        try await terminal.waitFor("Logging is off")
        try await quit()
    }

    @Test("--data-dir naming a file or /dev/null says it is not a directory, and changes nothing", arguments: ["file", "/dev/null"])
    func dataDirectoryNotADirectory(kind: String) throws {
        defer { terminal.shutDown() }
        let target = kind == "file" ? scratch.path("a-file") : kind
        if kind == "file" { try Data("keep".utf8).write(to: URL(fileURLWithPath: target)) }
        let run = try CampusProcess.run(["--data-dir", target])
        #expect(run.status == 73)
        #expect(run.errors.contains("\(target) is not a directory"), "\(run.errors)")
        #expect(!run.errors.contains("No such file or directory"))
        if kind == "file" { #expect(FileManager.default.contents(atPath: target) == Data("keep".utf8)) }
    }
}
