import DurableState
import Foundation

/// A fresh directory under the system's temporary directory for one SQLite or secrets test,
/// removed when the value is dropped.
final class SQLiteTestDirectory {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "lifeline-sqlite-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the directory.
    func file(_ name: String) -> String { path + "/" + name }
}

/// A connection opened on a separate test actor, to play the other process: it proves that the
/// connection under test holds no lock, and that a connection refuses a foreign actor.
actor SQLiteOtherConnection {
    private var database: Database?

    init() {}

    /// Opens `path` with no busy wait.
    func open(_ path: String) throws(SQLiteError) {
        database = try Database(path: path)
    }

    /// Whether `BEGIN IMMEDIATE` (the write lock) succeeds at once; rolled back after.
    func canTakeWriteLock() throws(SQLiteError) -> Bool {
        guard let database else { return false }
        do {
            try database.executeScript("BEGIN IMMEDIATE TRANSACTION")
        } catch let error where error.resultCode == .busy {
            return false
        }
        try database.executeScript("ROLLBACK TRANSACTION")
        return true
    }

    /// Whether a `TRUNCATE` checkpoint completes: it needs every reader of the WAL gone.
    func canTruncateWAL() throws(SQLiteError) -> Bool {
        guard let database else { return false }
        let busy = try database.fetchOne("PRAGMA wal_checkpoint(TRUNCATE)") { row throws(SQLiteError) in
            try row.decode(Int.self, at: 0)
        }
        return busy == 0
    }

    /// A new connection to `path` opened on this actor and smuggled out, which the compiler
    /// rightly forbids without an unchecked box: the runtime check is the last line of defence.
    func openForAnotherActor(_ path: String) throws(SQLiteError) -> SQLiteSmuggledDatabase {
        SQLiteSmuggledDatabase(database: try Database(path: path))
    }

    func close() {
        database?.close()
        database = nil
    }
}

/// A database carried across actors against the rules, to test the runtime executor check.
// Safe because the tests only call throwing entry points on it from the wrong actor, which
// refuse before touching the handle, and the owning actor no longer uses it.
final class SQLiteSmuggledDatabase: @unchecked Sendable {
    let database: Database

    init(database: Database) {
        self.database = database
    }
}
