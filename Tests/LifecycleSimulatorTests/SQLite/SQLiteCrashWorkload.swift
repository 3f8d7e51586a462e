import CSQLite
import DurableState
import Foundation
import LifecycleSimulator

/// A scripted workload for crash-state tests: numbered transactions on one database through the
/// simulated VFS — each inserts three rows of a few hundred bytes, rewrites a row of the one
/// before and deletes a row of the one before that, so each touches several 1 KiB pages, the
/// journal or WAL, and (in WAL mode) checkpoints every few commits.
struct SQLiteCrashWorkload: Sendable, CustomStringConvertible {
    /// `DELETE` (a rollback journal) or `WAL`.
    let journalMode: String
    /// `NORMAL`, `FULL` or `EXTRA`.
    let synchronous: String
    /// How many transactions the workload commits.
    let transactions: Int

    static let directory = "/Library"
    static let path = directory + "/workload.sqlite"

    var description: String { "journal_mode=\(journalMode) synchronous=\(synchronous)" }

    /// How far a run got before it was fenced (or finished).
    struct Progress {
        /// Transactions whose `COMMIT` returned `SQLITE_OK`.
        var acknowledged = 0
        /// Acknowledged transactions known durable: those acknowledged when every write on the
        /// disk was synced (for `synchronous = NORMAL` in WAL mode, where a commit does not sync:
        /// those before a checkpoint).
        var synced = 0
    }

    /// The disk image every run starts from: the database created with its schema and journal
    /// mode, closed (a new disk made from the image holds it all durably).
    func preparedImage() throws -> DiskImage {
        let disk = SimulatedDisk()
        let fileSystem = disk.mount()
        try fileSystem.createDirectory(at: Self.directory, permissions: 0o700)
        try fileSystem.syncDirectory(at: "/")
        do {
            let connection = try RawSQLite(path: Self.path, fileSystem: fileSystem)
            try connection.execute("""
                PRAGMA page_size = 1024;
                PRAGMA journal_mode = \(journalMode);
                PRAGMA synchronous = FULL;
                CREATE TABLE item (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
                """)
        }
        return disk.currentImage
    }

    /// Runs the workload on `fileSystem` until it is fenced or done (the connection then closes,
    /// which in WAL mode checkpoints and deletes the WAL).
    func run(on fileSystem: SimulatedFileSystem, disk: SimulatedDisk) -> Progress {
        var progress = Progress()
        guard let connection = try? RawSQLite(path: Self.path, fileSystem: fileSystem),
              (try? connection.execute("PRAGMA synchronous = \(synchronous); PRAGMA wal_autocheckpoint = 4")) != nil
        else { return progress }
        for number in 1...transactions {
            guard (try? connection.execute(Self.sql(of: number))) != nil else {
                _ = try? connection.execute("ROLLBACK")
                break
            }
            progress.acknowledged = number
            // Every write so far synced (after a checkpoint): all acknowledged ones are durable.
            if disk.pendingOperations.allSatisfy(\.isDurable) { progress.synced = number }
        }
        return progress
    }

    /// The SQL of transaction `number` (from 1).
    static func sql(of number: Int) -> String {
        var sql = "BEGIN IMMEDIATE;\n"
        for row in 1...3 { sql += "INSERT INTO item (id, body) VALUES (\(number * 10 + row), '\(body(number, row))');\n" }
        if number > 1 { sql += "UPDATE item SET body = '\(body(number, 0))' WHERE id = \((number - 1) * 10 + 1);\n" }
        if number > 2 { sql += "DELETE FROM item WHERE id = \((number - 2) * 10 + 2);\n" }
        return sql + "COMMIT;"
    }

    /// The rows (`id`, `body`, by id) after the first `count` transactions.
    static func state(after count: Int) -> [[String]] {
        var rows: [Int: String] = [:]
        for number in stride(from: 1, through: count, by: 1) {
            for row in 1...3 { rows[number * 10 + row] = body(number, row) }
            if number > 1 { rows[(number - 1) * 10 + 1] = body(number, 0) }
            if number > 2 { rows[(number - 2) * 10 + 2] = nil }
        }
        return rows.keys.sorted().map { [String($0), rows[$0] ?? ""] }
    }

    private static func body(_ number: Int, _ row: Int) -> String {
        let tag = "t\(number)r\(row)-"
        return String(repeating: tag, count: 300 / tag.count)
    }

    /// What a database recovered from a crash holds.
    struct Recovery {
        /// `PRAGMA integrity_check`'s answer.
        var integrity: String
        /// The transactions whose effects it holds, if its rows are those after a number of them.
        var transactions: Int?
        /// A failure to open or read it.
        var failure: String?
    }

    /// Opens `image` on a fresh disk, as the next launch would, and reads what survived.
    func recover(_ image: DiskImage) -> Recovery {
        let disk = SimulatedDisk(image: image)
        do {
            let connection = try RawSQLite(path: Self.path, fileSystem: disk.mount())
            let integrity = try connection.rows("PRAGMA integrity_check").map { $0.joined() }.joined(separator: "; ")
            let rows = try connection.rows("SELECT id, body FROM item ORDER BY id")
            let match = (0...transactions).first { Self.state(after: $0) == rows }
            return Recovery(integrity: integrity, transactions: match)
        } catch {
            return Recovery(integrity: "", transactions: nil, failure: "\(error)")
        }
    }
}
