import DurableState
import Foundation
import Lifecycle
import Testing

extension SQLiteDatabaseTests {
    @Test func suspendRollsBackAnOpenTransactionAndReleasesTheWriteLock() async throws {
        let db = try openDatabase()
        let other = SQLiteOtherConnection()
        try await other.open(directory.file("test.sqlite"))
        try db.executeScript("BEGIN IMMEDIATE TRANSACTION; INSERT INTO item (name) VALUES ('lost');")
        #expect(db.hasOpenTransaction && db.isHoldingLock)
        #expect(try await other.canTakeWriteLock() == false)

        #expect(db.suspend() == .rolledBackOpenTransaction)

        #expect(!db.hasOpenTransaction && !db.isHoldingLock)
        #expect(try await other.canTakeWriteLock())
        db.resume()
        #expect(try itemCount(db) == 0)
        await other.close()
    }

    @Test func suspendEndsAReadInProgress() async throws {
        let db = try openDatabase()
        for name in ["a", "b", "c"] { try db.execute("INSERT INTO item (name) VALUES (?)", [name]) }
        let other = SQLiteOtherConnection()
        try await other.open(directory.file("test.sqlite"))
        var seen: [String] = []
        var heldLockWhileReading = false
        let error = #expect(throws: SQLiteError.self) {
            try db.fetchAll("SELECT name FROM item ORDER BY name") { row throws(SQLiteError) in
                seen.append(try row.decode(String.self, at: 0))
                heldLockWhileReading = db.isHoldingLock
                db.suspend()
            }
        }
        #expect(error == .suspended(sql: "SELECT name FROM item ORDER BY name"))
        #expect(seen == ["a"])
        #expect(heldLockWhileReading)
        #expect(!db.isHoldingLock)
        #expect(try await other.canTruncateWAL())
        await other.close()
    }

    @Test func aTransactionSuspendedFromItsBodyThrowsSuspendedAndKeepsNothing() throws {
        let db = try openDatabase()
        #expect(throws: SQLiteError.suspended(sql: "COMMIT TRANSACTION")) {
            try db.transaction { db in
                try db.execute("INSERT INTO item (name) VALUES (?)", ["a"])
                db.suspend()
                db.resume()
            }
        }
        #expect(try itemCount(db) == 0)
        #expect(!db.hasOpenTransaction)
    }

    @Test func statementsThrowSuspendedUntilResumed() throws {
        let db = try openDatabase()
        #expect(db.suspend() == .suspended)
        #expect(db.isSuspended)
        #expect(db.suspend() == .unchanged)
        #expect(throws: SQLiteError.suspended(sql: "INSERT INTO item (name) VALUES (?)")) {
            try db.execute("INSERT INTO item (name) VALUES (?)", ["a"])
        }
        #expect(throws: SQLiteError.suspended(sql: nil)) { try db.transaction { _ in } }
        db.resume()
        try db.execute("INSERT INTO item (name) VALUES (?)", ["a"])
        #expect(try itemCount(db) == 1)
    }

    @Test func suspendCheckpointsTheWAL() throws {
        let db = try openDatabase()
        for index in 0..<100 { try db.execute("INSERT INTO item (name) VALUES (?)", ["n\(index)"]) }
        let walPath = directory.file("test.sqlite-wal")
        let databaseSizeBefore = try fileSize(directory.file("test.sqlite"))
        db.suspend()
        #expect(try fileSize(directory.file("test.sqlite")) > databaseSizeBefore)
        #expect(FileManager.default.fileExists(atPath: walPath))
    }

    @Test func followsTheApplicationIntoAndOutOfTheBackground() throws {
        let db = try openDatabase()
        let runtime = LifecycleRuntime(clock: VirtualClock())
        let observation = db.suspendWhileInBackground(of: runtime)
        try runtime.handle(.launch(LaunchOptions()))
        let session = SceneSession(id: SceneSessionID("main"))
        try runtime.handle(.connectScene(session, .none, foreground: true))
        try runtime.handle(.moveScene(session.id, to: .foregroundActive))
        #expect(!db.isSuspended)
        try db.executeScript("BEGIN IMMEDIATE TRANSACTION")

        try runtime.handle(.moveScene(session.id, to: .background))
        #expect(db.isSuspended && !db.isHoldingLock)

        try runtime.handle(.moveScene(session.id, to: .foregroundActive))
        #expect(!db.isSuspended)
        observation.cancel()
        try runtime.handle(.moveScene(session.id, to: .background))
        #expect(!db.isSuspended)
    }

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
