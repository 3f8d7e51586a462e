import DurableState
import Foundation
import Testing

@Suite("DatabaseMigrator")
@MainActor
struct SQLiteMigratorTests {
    let directory = SQLiteTestDirectory()

    /// A migrator with migrations `v1`…`v<count>`; each logs its identifier into `journal`.
    func migrator(upTo count: Int, journal: SQLiteMigrationJournal) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db throws(SQLiteError) in
            journal.entries.append("v1")
            try db.executeScript("CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
        }
        if count >= 2 {
            migrator.registerMigration("v2") { db throws(SQLiteError) in
                journal.entries.append("v2")
                try db.executeScript("ALTER TABLE book ADD COLUMN year INTEGER")
            }
        }
        if count >= 3 {
            migrator.registerMigration("v3") { db throws(SQLiteError) in
                journal.entries.append("v3")
                try db.executeScript("CREATE INDEX book_year ON book(year)")
            }
        }
        return migrator
    }

    func open() throws -> Database {
        try Database(path: directory.file("library.sqlite"))
    }

    @Test func appliesMigrationsInOrderAndRecordsThem() throws {
        let journal = SQLiteMigrationJournal()
        let db = try open()
        let migrator = migrator(upTo: 3, journal: journal)
        try migrator.migrate(db)
        #expect(journal.entries == ["v1", "v2", "v3"])
        #expect(try migrator.appliedIdentifiers(in: db) == ["v1", "v2", "v3"])
        try db.execute("INSERT INTO book (title, year) VALUES (?, ?)", ["Dune", 1965])
    }

    @Test func relaunchAppliesOnlyWhatIsMissing() throws {
        let journal = SQLiteMigrationJournal()
        do {
            let db = try open()
            try migrator(upTo: 2, journal: journal).migrate(db)
            try migrator(upTo: 2, journal: journal).migrate(db)
            db.close()
        }
        #expect(journal.entries == ["v1", "v2"])
        let relaunched = try open()
        let newer = migrator(upTo: 3, journal: journal)
        try newer.migrate(relaunched)
        try newer.migrate(relaunched)
        #expect(journal.entries == ["v1", "v2", "v3"])
        #expect(try newer.appliedIdentifiers(in: relaunched) == ["v1", "v2", "v3"])
    }

    @Test func aDatabaseFromANewerAppIsRefusedAndLeftUnchanged() throws {
        let journal = SQLiteMigrationJournal()
        let db = try open()
        try migrator(upTo: 3, journal: journal).migrate(db)
        try db.execute("INSERT INTO book (title, year) VALUES (?, ?)", ["Dune", 1965])
        let schemaBefore = try schema(db)

        let older = migrator(upTo: 1, journal: journal)
        #expect(throws: SQLiteError.unknownMigrations(identifiers: ["v2", "v3"])) { try older.migrate(db) }

        #expect(try schema(db) == schemaBefore)
        #expect(try older.appliedIdentifiers(in: db) == ["v1", "v2", "v3"])
        #expect(journal.entries == ["v1", "v2", "v3"])
        #expect(!db.hasOpenTransaction)
    }

    @Test func aFailingMigrationIsRolledBackAndTheEarlierOnesStay() throws {
        let journal = SQLiteMigrationJournal()
        let db = try open()
        var migrator = migrator(upTo: 2, journal: journal)
        migrator.registerMigration("v3-broken") { db throws(SQLiteError) in
            try db.executeScript("CREATE TABLE shelf (id INTEGER PRIMARY KEY)")
            try db.executeScript("ALTER TABLE missing ADD COLUMN x")
        }
        let error = #expect(throws: SQLiteError.self) { try migrator.migrate(db) }
        guard case .migrationFailed(let identifier, let underlying) = error else {
            Issue.record("expected migrationFailed, got \(String(describing: error))")
            return
        }
        #expect(identifier == "v3-broken")
        #expect(underlying.resultCode == .error)
        #expect(try migrator.appliedIdentifiers(in: db) == ["v1", "v2"])
        #expect(try schema(db).contains { $0.contains("shelf") } == false)
    }

    @Test func duplicateIdentifiersAreRefusedBeforeAnythingRuns() throws {
        let journal = SQLiteMigrationJournal()
        let db = try open()
        var migrator = migrator(upTo: 1, journal: journal)
        migrator.registerMigration("v1") { _ throws(SQLiteError) in }
        #expect(throws: SQLiteError.duplicateMigration(identifier: "v1")) { try migrator.migrate(db) }
        #expect(journal.entries.isEmpty)
        #expect(try migrator.appliedIdentifiers(in: db).isEmpty)
    }

    private func schema(_ db: Database) throws -> [String] {
        try db.fetchAll("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name") { row throws(SQLiteError) in
            try row.decode(String.self, at: 0)
        }
    }
}

/// Records which migrations ran, in order.
@MainActor
final class SQLiteMigrationJournal {
    var entries: [String] = []
}
