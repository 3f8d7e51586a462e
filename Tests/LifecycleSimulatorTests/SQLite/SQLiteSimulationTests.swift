import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator
import Testing

/// Real SQLite inside the simulator: its disk operations are storage operations of the
/// incarnation (crash points, trace lanes, fencing), and runs stay deterministic.
@Suite("SQLite under simulation")
@MainActor
struct SQLiteSimulationTests {
    static let schedule: [SimulationEvent] = [
        .launch(.user),
        .userAction(name: "add note", scene: 1, seed: 0),
        .userAction(name: "add note", scene: 1, seed: 0),
        .advance(milliseconds: 100),
        .userAction(name: "add note", scene: 1, seed: 0),
    ]

    @Test("a kill or a power loss at every SQLite disk operation loses no acknowledged note")
    func crashEverywhere() async {
        let explorer = Explorer(simulator: Simulator(app: SQLiteNotesApp.app()))
        let summary = await explorer.crashEverywhere(Self.schedule)
        #expect(summary.failure == nil, "\(summary.failure?.text ?? "")")
        // Each "add note" writes and syncs the WAL (and the first one creates the database):
        // dozens of crash points, each a kill and five power losses.
        #expect(summary.schedules > 180, "\(summary.schedules) schedules")
    }

    @Test("commits that only survive a kill are found losing acknowledged notes to a power loss")
    func unsyncedCommitsAreFound() async {
        let explorer = Explorer(simulator: Simulator(app: SQLiteNotesApp.app(durability: .survivesProcessKill)))
        let summary = await explorer.crashEverywhere(Self.schedule)
        #expect(summary.failure?.violation.kind == .lostAcknowledgedEdit, "\(summary.failure?.text ?? "no failure")")
    }

    @Test("a schedule with SQLite gives the same trace on every run of its seed")
    func determinism() async {
        let simulator = Simulator(app: SQLiteNotesApp.app())
        for seed in 0..<20 as Range<UInt64> {
            let first = await simulator.run(seed: seed)
            let second = await simulator.run(seed: seed)
            #expect(first.traceHash == second.traceHash, "seed \(seed)")
            #expect(first.traceText == second.traceText, "seed \(seed)")
        }
    }

    @Test("the trace shows SQLite's writes and syncs in the database's directory lane and each commit in its own")
    func traceLanes() async throws {
        let outcome = try await Simulator(app: SQLiteNotesApp.app()).replay(Self.schedule)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        let lines = outcome.trace.map(\.line)
        #expect(lines.contains { $0.contains("[disk /Library]") && $0.contains("fsync /Library/notes.sqlite-wal") })
        let commits = outcome.trace.filter { $0.lane == "sqlite /Library/notes.sqlite" }
        // Switching to WAL (through a rollback journal), creating the table, three notes; the
        // relaunch of the final check commits nothing.
        #expect(commits.map(\.text) == Array(repeating: "commit", count: 5))
        #expect(lines.contains { $0.contains("[disk /Library] remove /Library/notes.sqlite-journal") })
    }

    @Test("on a disk without byte-range files a database fails to open instead of touching real files")
    func placeholderDisk() async throws {
        let disk = PlaceholderDisk()
        let outcome = try await Simulator(app: SQLiteNotesApp.app(), makeDisk: { disk }).replay([.launch(.user)])
        #expect(outcome.traceText.contains("notes unavailable"), "\(outcome.traceText)")
        #expect(outcome.traceText.contains("unable to open database file"))
        #expect(!disk.itemExists(at: SQLiteNotesApp.path))
        #expect(!FileManager.default.fileExists(atPath: SQLiteNotesApp.path))
    }
}
