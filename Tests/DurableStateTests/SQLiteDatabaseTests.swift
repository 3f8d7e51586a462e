import CSQLite
import DurableState
import Foundation
import Testing

@Suite("Database")
@MainActor
struct SQLiteDatabaseTests {
    let directory = SQLiteTestDirectory()

    func openDatabase(_ configuration: DatabaseConfiguration = DatabaseConfiguration()) throws -> Database {
        let db = try Database(path: directory.file("test.sqlite"), configuration: configuration)
        try db.executeScript("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score REAL, data BLOB)")
        return db
    }

    @Test func opensInWALModeWithForeignKeysOn() throws {
        let db = try openDatabase()
        let mode = try db.fetchOne("PRAGMA journal_mode") { row throws(SQLiteError) in try row.decode(String.self, at: 0) }
        let foreignKeys = try db.fetchOne("PRAGMA foreign_keys") { row throws(SQLiteError) in try row.decode(Int.self, at: 0) }
        #expect(mode == "wal")
        #expect(foreignKeys == 1)
        #expect(FileManager.default.fileExists(atPath: directory.file("test.sqlite-wal")))
    }

    @Test(arguments: [
        (DatabaseConfiguration.Durability.survivesPowerLoss, 2),
        (DatabaseConfiguration.Durability.survivesProcessKill, 1),
    ])
    func setsSynchronousFromTheDurabilityPromise(durability: DatabaseConfiguration.Durability, level: Int) throws {
        var configuration = DatabaseConfiguration()
        configuration.durability = durability
        let db = try openDatabase(configuration)
        let synchronous = try db.fetchOne("PRAGMA synchronous") { row throws(SQLiteError) in try row.decode(Int.self, at: 0) }
        #expect(synchronous == level)
    }

    @Test func defaultDurabilityIsPowerLossSafe() {
        #expect(DatabaseConfiguration().durability == .survivesPowerLoss)
    }

    @Test func foreignKeysAreEnforced() throws {
        let db = try openDatabase()
        try db.executeScript("CREATE TABLE tag (item_id INTEGER NOT NULL REFERENCES item(id))")
        #expect {
            try db.execute("INSERT INTO tag (item_id) VALUES (?)", [42])
        } throws: { error in
            (error as? SQLiteError)?.extendedResultCode == .constraintForeignKey
        }
    }

    @Test func bindsAndDecodesEveryStorageClass() throws {
        let db = try openDatabase()
        let bytes = Data([0, 1, 2, 255])
        try db.execute("INSERT INTO item (id, name, score, data) VALUES (?, ?, ?, ?)", [7, "café ☕︎", 2.5, bytes])
        try db.execute("INSERT INTO item (id, name, score, data) VALUES (?, ?, ?, ?)", [8, "", nil, Data()])
        let rows = try db.fetchAll("SELECT id, name, score, data FROM item ORDER BY id") { row throws(SQLiteError) in
            (try row.decode(Int.self, at: 0), try row.decode(String.self, named: "name"),
             try row.decode(Double?.self, at: 2), try row.decode(Data?.self, at: 3))
        }
        #expect(rows.count == 2)
        #expect(rows[0] == (7, "café ☕︎", 2.5, bytes))
        #expect(rows[1].0 == 8 && rows[1].1 == "" && rows[1].2 == nil)
        #expect(rows[1].3 == Data())
        let values = try db.fetchOne("SELECT id, name, score FROM item WHERE id = ?", [8]) { row in row.values }
        #expect(values == [.integer(8), .text(""), .null])
    }

    @Test func decodingTheWrongTypeNamesTheStorageClassNotTheValue() throws {
        let db = try openDatabase()
        try db.execute("INSERT INTO item (name) VALUES (?)", ["canary-value-1234"])
        let error = #expect(throws: SQLiteError.self) {
            try db.fetchOne("SELECT name FROM item") { row throws(SQLiteError) in try row.decode(Int.self, at: 0) }
        }
        #expect(error == .decodingFailed(column: "#0", expected: "Int", found: "TEXT", sql: "SELECT name FROM item"))
        #expect(error.map { "\($0)" }?.contains("canary-value-1234") == false)
    }

    @Test func nullDecodesOnlyAsAnOptional() throws {
        let db = try openDatabase()
        try db.execute("INSERT INTO item (name, score) VALUES (?, ?)", ["a", nil])
        #expect(throws: SQLiteError.self) {
            try db.fetchOne("SELECT score FROM item") { row throws(SQLiteError) in try row.decode(Double.self, at: 0) }
        }
        let score = try db.fetchOne("SELECT score FROM item") { row throws(SQLiteError) in try row.decode(Double?.self, at: 0) }
        #expect(score == .some(nil))
    }

    @Test func lastInsertedRowIDAndChangedRowCount() throws {
        let db = try openDatabase()
        try db.execute("INSERT INTO item (id, name) VALUES (?, ?)", [41, "a"])
        #expect(db.lastInsertedRowID == 41)
        try db.execute("INSERT INTO item (name) VALUES (?)", ["b"])
        try db.execute("UPDATE item SET score = 1")
        #expect(db.changedRowCount == 2)
    }

    @Test func transactionCommitsWhenTheBodyReturns() throws {
        let db = try openDatabase()
        let count = try db.transaction { db in
            try db.execute("INSERT INTO item (name) VALUES (?)", ["a"])
            try db.execute("INSERT INTO item (name) VALUES (?)", ["b"])
            return 2
        }
        #expect(count == 2)
        #expect(try itemCount(db) == 2)
        #expect(!db.hasOpenTransaction)
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        struct Abandoned: Error {}
        let db = try openDatabase()
        try db.execute("INSERT INTO item (name) VALUES (?)", ["before"])
        #expect(throws: Abandoned.self) {
            try db.transaction { db in
                try db.execute("INSERT INTO item (name) VALUES (?)", ["inside"])
                throw Abandoned()
            }
        }
        #expect(try itemCount(db) == 1)
        #expect(!db.hasOpenTransaction)
        #expect(!db.isHoldingLock)
    }

    @Test func transactionRollsBackWhenAStatementFails() throws {
        let db = try openDatabase()
        #expect(throws: SQLiteError.self) {
            try db.transaction { db in
                try db.execute("INSERT INTO item (name) VALUES (?)", ["same"])
                try db.execute("INSERT INTO item (name) VALUES (?)", ["same"])
            }
        }
        #expect(try itemCount(db) == 0)
        #expect(!db.hasOpenTransaction)
    }

    @Test func nestedTransactionRollsBackOnlyItsSavepoint() throws {
        struct Abandoned: Error {}
        let db = try openDatabase()
        try db.transaction { db in
            try db.execute("INSERT INTO item (name) VALUES (?)", ["outer"])
            try? db.transaction { db in
                try db.execute("INSERT INTO item (name) VALUES (?)", ["inner"])
                throw Abandoned()
            }
            #expect(db.hasOpenTransaction)
        }
        let names = try db.fetchAll("SELECT name FROM item") { row throws(SQLiteError) in try row.decode(String.self, at: 0) }
        #expect(names == ["outer"])
    }

    @Test func statementsAreCachedBySQLText() throws {
        let db = try openDatabase()
        let before = db.preparedStatementCountForTesting
        let sql = "INSERT INTO item (name) VALUES (?)"
        for index in 0..<50 { try db.execute(sql, ["n\(index)"]) }
        #expect(db.preparedStatementCountForTesting == before + 1)
        #expect(try db.statement(sql) === db.statement(sql))
        #expect(try db.makeStatement(sql) !== db.statement(sql))
        db.clearStatementCache()
        #expect(db.cachedStatementCountForTesting == 0)
        try db.execute(sql, ["again"])
        #expect(db.preparedStatementCountForTesting == before + 3)
    }

    @Test func aCachedStatementRunningInItsOwnRowClosureIsNotReused() throws {
        let db = try openDatabase()
        for name in ["a", "b", "c"] { try db.execute("INSERT INTO item (name) VALUES (?)", [name]) }
        let sql = "SELECT name FROM item WHERE name >= ? ORDER BY name"
        let pairs = try db.fetchAll(sql, ["b"]) { row throws(SQLiteError) in
            let outer = try row.decode(String.self, at: 0)
            let inner = try db.fetchAll(sql, ["a"]) { row throws(SQLiteError) in try row.decode(String.self, at: 0) }
            return "\(outer):\(inner.joined())"
        }
        #expect(pairs == ["b:abc", "c:abc"])
    }

    @Test func executeRefusesSeveralStatementsButScriptsRunThem() throws {
        let db = try openDatabase()
        let sql = "INSERT INTO item (name) VALUES ('a'); INSERT INTO item (name) VALUES ('b')"
        #expect(throws: SQLiteError.multipleStatements(sql: sql)) { try db.execute(sql) }
        #expect(try itemCount(db) == 0)
        try db.executeScript(sql)
        #expect(try itemCount(db) == 2)
        try db.execute("DELETE FROM item -- trailing comment")
        #expect(try itemCount(db) == 0)
    }

    @Test func wrongArgumentCountIsRefusedBeforeRunning() throws {
        let db = try openDatabase()
        #expect(throws: SQLiteError.wrongArgumentCount(expected: 1, given: 2, sql: "INSERT INTO item (name) VALUES (?)")) {
            try db.execute("INSERT INTO item (name) VALUES (?)", ["a", "b"])
        }
        #expect(try itemCount(db) == 0)
    }

    @Test func aClosedDatabaseRefusesStatements() throws {
        let db = try openDatabase()
        let statement = try db.statement("SELECT count(*) FROM item")
        db.close()
        #expect(throws: SQLiteError.closed(operation: "execute")) { try db.execute("SELECT 1") }
        #expect(throws: SQLiteError.closed(operation: "fetchOne")) {
            try statement.fetchOne { row throws(SQLiteError) in try row.decode(Int.self, at: 0) }
        }
    }

    @Test func aConnectionRefusesAnotherActor() async throws {
        let other = SQLiteOtherConnection()
        let db = try await other.openForAnotherActor(directory.file("other.sqlite")).database
        #expect(throws: SQLiteError.wrongExecutor(operation: "execute")) { try db.execute("SELECT 1") }
        #expect(throws: SQLiteError.wrongExecutor(operation: "transaction")) { try db.transaction { _ in } }
    }

    func itemCount(_ db: Database) throws -> Int? {
        try db.fetchOne("SELECT count(*) FROM item") { row throws(SQLiteError) in try row.decode(Int.self, at: 0) }
    }
}
