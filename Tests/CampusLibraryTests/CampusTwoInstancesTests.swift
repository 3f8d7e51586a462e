import Foundation
import LifelineTestSupport
import Testing

/// Two real `campus-library` processes on one data directory: the second one is told who holds
/// it and exits without writing anything.
@Suite("campus-library twice on one data directory", .serialized, .startsCampusLibrary)
struct CampusTwoInstancesTests {
    @Test(
        "a second instance exits with status 75 naming the first one's pid, and writes nothing",
        .enabled(if: Terminal.isAvailable, "needs tmux"),
        .timeLimit(.minutes(1))
    )
    func secondInstanceRefused() async throws {
        let scratch = try ScratchDirectory()
        let data = scratch.path("data")
        let terminal = try Terminal()
        defer { terminal.shutDown() }
        try terminal.type("\(try Terminal.binary()) --data-dir \(data)", then: "Enter")
        try await terminal.waitFor("Window 1/1")
        let first = try await terminal.appProcess()
        try await Task.sleep(for: .milliseconds(500))
        let before = CampusProcess.tree(data)

        let second = try CampusProcess.run(["--data-dir", data])
        #expect(second.status == 75, "stderr: \(second.errors)")
        #expect(second.errors.contains("Campus Library is already running with this data directory"))
        #expect(second.errors.contains("pid \(first)"), "stderr: \(second.errors)")
        #expect(CampusProcess.tree(data) == before, "the second instance changed the data directory")

        try terminal.keys("C-c")
        try await terminal.waitForExit(of: first)
        let third = try CampusProcess.run(["--data-dir", data, "--measure-launch"])
        #expect(third.status == 0, "once the first instance is gone the directory is free: \(third.errors)")
    }

    @Test(
        "a FIFO in place of a note does not freeze the app: the note says it cannot be read",
        .enabled(if: Terminal.isAvailable, "needs tmux"),
        .timeLimit(.minutes(1))
    )
    func fifoNote() async throws {
        let scratch = try ScratchDirectory()
        let data = scratch.path("data")
        try HostileFiles.plantFIFO(at: data + "/notes/austen-emma.json")
        chmod(data, 0o700)
        chmod(data + "/notes", 0o700)
        let terminal = try Terminal()
        defer { terminal.shutDown() }
        try terminal.type("\(try Terminal.binary()) --data-dir \(data) campuslibrary://book/austen-emma", then: "Enter")
        try await terminal.waitFor("subjects: Matchmaking")
        try terminal.keys("n")
        try await terminal.waitFor("could not be read")
        let app = try await terminal.appProcess()
        try terminal.keys("C-c")
        try await terminal.waitForExit(of: app)
        #expect(HostileFiles.isFIFO(data + "/notes/austen-emma.json"))
    }
}
