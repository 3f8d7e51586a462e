import DurableState
import Foundation
import LifelineHistory
import LifelineTestSupport
import Testing

private struct Oops: Error {}

/// An actor that opens a connection of its own, to show that one confined elsewhere than the
/// main actor reports nothing.
private actor OtherActorDatabase {
    func insert(_ path: String, storage: StorageEnvironment) throws {
        let database = try Database(path: path, storage: storage)
        try database.execute("CREATE TABLE IF NOT EXISTS item (text TEXT NOT NULL)")
        try database.transaction { db in
            // A closure isolated only through `self`: pass the isolation explicitly (SE-0420).
            try db.execute("INSERT INTO item (text) VALUES (?)", ["elsewhere"], isolation: self)
            db.recordChange(of: "items", to: ["elsewhere"], isolation: self)
        }
    }
}

@MainActor
@Suite("Database reports the changes the app names")
struct DatabaseHistoryTests {
    let directory = SQLiteTestDirectory()
    let history = RecordingHistory()

    func open() throws -> Database {
        let database = try Database(path: directory.file("items.sqlite"), storage: StorageEnvironment(fileSystem: FaultyFileSystem(), history: history))
        try database.execute("CREATE TABLE IF NOT EXISTS item (list TEXT NOT NULL, text TEXT NOT NULL)")
        return database
    }

    @Test("a committed transaction reports its changes as edits before the commit and acknowledges them after")
    func commit() throws {
        let database = try open()
        try database.transaction { db in
            try db.execute("INSERT INTO item (list, text) VALUES (?, ?)", ["Groceries", "milk"])
            db.recordChange(of: "items:Groceries", to: ["milk"])
            #expect(history.log.isEmpty)
        }
        #expect(history.log == ["will save items:Groceries = \"milk\" (durable)", "saved items:Groceries = \"milk\""])
    }

    @Test("a rolled-back transaction or savepoint reports nothing of its changes")
    func rollback() throws {
        let database = try open()
        #expect(throws: Oops.self) {
            try database.transaction { db in
                db.recordChange(of: "items:Groceries", to: ["milk"])
                throw Oops()
            }
        }
        try database.transaction { db in
            db.recordChange(of: "items:Groceries", to: ["eggs"])
            #expect(throws: Oops.self) {
                try db.transaction { db in
                    db.recordChange(of: "items:Books", to: ["Emma"])
                    throw Oops()
                }
            }
        }
        #expect(history.log == ["will save items:Groceries = \"eggs\" (durable)", "saved items:Groceries = \"eggs\""])
    }

    @Test("outside a transaction a change is an edit at once, acknowledged by the next statement that runs")
    func outsideTransaction() throws {
        let database = try open()
        database.recordChange(of: "items:Groceries", to: ["milk"])
        #expect(history.log == ["will save items:Groceries = \"milk\" (durable)"])
        try database.execute("INSERT INTO item (list, text) VALUES (?, ?)", ["Groceries", "milk"])
        #expect(history.log == ["will save items:Groceries = \"milk\" (durable)", "saved items:Groceries = \"milk\""])
    }

    @Test("a transaction the suspension rolled back reports nothing")
    func suspended() throws {
        let database = try open()
        #expect(throws: SQLiteError.self) {
            try database.transaction { db in
                db.recordChange(of: "items:Groceries", to: ["milk"])
                db.suspend()
            }
        }
        database.resume()
        try database.transaction { db in db.recordChange(of: "items:Books", to: ["Emma"]) }
        #expect(history.log == ["will save items:Books = \"Emma\" (durable)", "saved items:Books = \"Emma\""])
    }

    @Test("a connection confined to another actor reports nothing")
    func otherActor() async throws {
        try await OtherActorDatabase().insert(directory.file("other.sqlite"), storage: StorageEnvironment(fileSystem: FaultyFileSystem(), history: history))
        #expect(history.log.isEmpty)
    }
}
