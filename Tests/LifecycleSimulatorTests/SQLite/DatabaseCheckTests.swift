@testable import LifecycleSimulator
import DurableState
import Foundation
import Testing

/// The database checks after every death: SQLite's integrity check, the app's own opening, and
/// the app's queries for half-applied transactions, on a copy of what the death left.
@Suite("Database checks after a death")
@MainActor
struct DatabaseCheckTests {
    static let schedule: [SimulationEvent] = [
        .launch(.user),
        .userAction(name: "transfer", scene: 1, seed: 0),
        .userAction(name: "transfer", scene: 1, seed: 0),
    ]

    @Test("transfers in one transaction survive a crash at every disk operation whole")
    func wholeTransactions() async {
        let summary = await Explorer(simulator: Simulator(app: SQLiteLedgerApp.app())).crashEverywhere(Self.schedule)
        #expect(summary.failure == nil, "\(summary.failure?.text ?? "")")
        #expect(summary.schedules > 100, "\(summary.schedules) schedules")
    }

    @Test("two statements committed one at a time are found half-applied after a crash between them")
    func halfAppliedTransfer() async throws {
        let summary = await Explorer(simulator: Simulator(app: SQLiteLedgerApp.app(splitsTransfers: true))).crashEverywhere(Self.schedule)
        let failure = try #require(summary.failure)
        #expect(failure.violation.kind == .halfAppliedTransaction)
        #expect(failure.violation.message.contains("the ledger database (/Library/ledger.sqlite)"), "\(failure.violation)")
        #expect(failure.violation.message.contains("is off by"), "\(failure.violation)")
    }

    @Test("a schema created statement by statement is found unopenable after a crash between two statements")
    func migrationKilledHalfway() async throws {
        let app = SQLiteLedgerApp.app(migratesStatementByStatement: true)
        let summary = await Explorer(simulator: Simulator(app: app)).crashEverywhere([.launch(.user)])
        let failure = try #require(summary.failure)
        #expect(failure.violation.kind == .databaseUnopenable)
        #expect(failure.violation.message.contains("already exists"), "\(failure.violation)")
    }

    @Test("a file that is not a database, or fails the integrity check, is reported damaged")
    func damagedFiles() throws {
        let check = SQLiteLedgerApp.app().databases[0]
        let garbage = Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        let problem = try #require(SimulationRun.problem(of: check, files: [(SQLiteLedgerApp.path, garbage)]))
        #expect(problem.0 == .databaseDamaged, "\(problem.1)")

        let disk = SimulatedDisk()
        let fileSystem = disk.mount()
        try fileSystem.createDirectory(at: "/Library", permissions: 0o700)
        let database = try Database(path: SQLiteLedgerApp.path, storage: fileSystem.storage)
        try SQLiteLedgerApp.migrate(database, statementByStatement: false)
        try database.execute("CREATE INDEX entry_by_transfer ON entry (transfer)")
        try database.transaction { database in
            for transfer in 1...300 { try database.execute("INSERT INTO entry (transfer, amount) VALUES (?, 0)", [transfer]) }
        }
        database.close()
        var bytes = [UInt8](try #require(disk.currentImage.data(at: SQLiteLedgerApp.path)))
        // Flip bytes in the last page (the index's): the table is intact, the index no longer matches it.
        for index in (bytes.count - 2_000)..<(bytes.count - 1_000) { bytes[index] = ~bytes[index] }
        let damaged = try #require(SimulationRun.problem(of: check, files: [(SQLiteLedgerApp.path, Data(bytes))]))
        #expect(damaged.0 == .databaseDamaged, "\(damaged.1)")
    }
}
