import CSQLite
import DurableState
import Foundation
import LifecycleSimulator
import Testing

@Suite("SimulatedSQLiteVFS")
@MainActor
struct SimulatedSQLiteVFSTests {
    /// A disk, a view with `/Library`, and a WAL database there holding table `t`.
    func prepared(capacity: Int? = nil) throws -> (SimulatedDisk, SimulatedFileSystem, Database) {
        let disk = SimulatedDisk(capacity: capacity)
        let fileSystem = disk.mount()
        try fileSystem.createDirectory(at: "/Library", permissions: 0o700)
        let db = try Database(path: "/Library/t.sqlite", storage: fileSystem.storage)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        return (disk, fileSystem, db)
    }

    @Test("a database opened on a simulated file system keeps its files on the simulated disk")
    func databaseLivesOnTheDisk() throws {
        let (disk, _, db) = try prepared()
        try db.execute("INSERT INTO t (body) VALUES (?)", ["first"])
        #expect(disk.currentImage.files.keys.sorted() == ["/Library/t.sqlite", "/Library/t.sqlite-wal"])
        #expect(!FileManager.default.fileExists(atPath: "/Library/t.sqlite"))
        db.close()
        let reopened = try Database(path: "/Library/t.sqlite", storage: disk.mount().storage)
        let bodies = try reopened.fetchAll("SELECT body FROM t") { row throws(SQLiteError) in try row.decode(String.self, at: 0) }
        #expect(bodies == ["first"])
    }

    @Test("a killed view's connection gets I/O errors and changes nothing on the disk")
    func fencedConnection() throws {
        let (disk, fileSystem, db) = try prepared()
        let before = disk.currentImage
        disk.kill(fileSystem)
        do {
            try db.execute("INSERT INTO t (body) VALUES (?)", ["after the kill"])
            Issue.record("a fenced connection wrote")
        } catch {
            #expect(error.resultCode == .ioError, "\(error)")
        }
        db.close()
        #expect(disk.currentImage == before)
    }

    @Test("disk failures become SQLite's I/O error codes", arguments: [
        (DiskFault(.write, error: .io(path: "", operation: "write", code: EIO), pathSuffix: "-wal"), SQLITE_IOERR | (3 << 8)),
        (DiskFault(.syncFile, error: .io(path: "", operation: "fsync", code: EIO), pathSuffix: "-wal"), SQLITE_IOERR | (4 << 8)),
        (DiskFault(.write, error: .noSpace(""), pathSuffix: "-wal"), SQLITE_FULL),
    ])
    func errorCodes(fault: DiskFault, code: Int32) throws {
        let (disk, _, db) = try prepared()
        disk.inject(fault)
        do {
            try db.execute("INSERT INTO t (body) VALUES (?)", ["x"])
            Issue.record("the insert succeeded despite \(fault)")
        } catch {
            #expect(error.extendedResultCode?.rawValue == code, "\(error)")
        }
        // The failure rolled the transaction back; the next one succeeds.
        try db.execute("INSERT INTO t (body) VALUES (?)", ["y"])
        #expect(try db.fetchOne("SELECT group_concat(body) FROM t") { row throws(SQLiteError) in try row.decode(String.self, at: 0) } == "y")
    }

    @Test("a full disk fails the statement with SQLITE_FULL and the database stays intact")
    func fullDisk() throws {
        let (_, _, db) = try prepared(capacity: 64 * 1_024)
        do {
            try db.transaction { db in
                for _ in 0..<200 { try db.execute("INSERT INTO t (body) VALUES (?)", [String(repeating: "x", count: 1_000)]) }
            }
            Issue.record("200 KB fit in 64 KiB")
        } catch let error as SQLiteError {
            #expect(error.resultCode == .full, "\(error)")
        }
        #expect(try db.fetchOne("PRAGMA integrity_check") { row throws(SQLiteError) in try row.decode(String.self, at: 0) } == "ok")
        #expect(try db.fetchOne("SELECT COUNT(*) FROM t") { row throws(SQLiteError) in try row.decode(Int.self, at: 0) } == 0)
    }

    @Test("connections of one view share locks and the WAL index; a new view starts with neither")
    func locksAndSharedMemory() throws {
        let (disk, fileSystem, writer) = try prepared()
        let reader = try Database(path: "/Library/t.sqlite", storage: fileSystem.storage)
        let other = try RawSQLite(path: "/Library/t.sqlite", fileSystem: fileSystem)
        try other.execute("BEGIN IMMEDIATE")
        do {
            try writer.execute("INSERT INTO t (body) VALUES (?)", ["blocked"])
            Issue.record("two writers at once")
        } catch {
            #expect(error.resultCode == .busy, "\(error)")
        }
        try other.execute("INSERT INTO t (body) VALUES ('from other'); COMMIT")
        // The reader sees the other connection's commit through the shared WAL index.
        #expect(try reader.fetchOne("SELECT body FROM t") { row throws(SQLiteError) in try row.decode(String.self, at: 0) } == "from other")
        // A write transaction still open in this view holds nothing in the next one.
        try other.execute("BEGIN IMMEDIATE; INSERT INTO t (body) VALUES ('never committed')")
        disk.kill(fileSystem)
        let next = try Database(path: "/Library/t.sqlite", storage: disk.mount().storage)
        try next.execute("INSERT INTO t (body) VALUES (?)", ["next"])
        let bodies = try next.fetchAll("SELECT body FROM t ORDER BY id") { row throws(SQLiteError) in try row.decode(String.self, at: 0) }
        #expect(bodies == ["from other", "next"])
        #expect(!disk.currentImage.files.keys.contains { $0.hasSuffix("-shm") }, "the WAL index is never a file")
    }

    @Test("temporary files live in the disk's /tmp and are removed when closed")
    func temporaryFiles() throws {
        let disk = SimulatedDisk()
        let fileSystem = disk.mount()
        do {
            let connection = try RawSQLite(path: "/scratch.sqlite", fileSystem: fileSystem)
            try connection.execute("""
                PRAGMA temp_store = FILE; PRAGMA temp.cache_size = 2;
                CREATE TEMP TABLE big (body TEXT);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
                INSERT INTO big SELECT printf('%0500d', i) FROM n;
                """)
            #expect(try connection.value("SELECT COUNT(*) FROM big") == "200")
            #expect(disk.currentImage.files.keys.contains { $0.hasPrefix("/tmp/") })
            #expect(connection.vfsName == fileSystem.sqliteVFSName)
        }
        #expect(!disk.currentImage.files.keys.contains { $0.hasPrefix("/tmp/") })
    }

    @Test("SQLite's clock is the simulator's: the virtual origin on a bare disk")
    func virtualTime() throws {
        let connection = try RawSQLite(path: "/clock.sqlite", fileSystem: SimulatedDisk().mount())
        #expect(try connection.value("SELECT CAST(strftime('%s', 'now') AS INTEGER)") == "1800000000")
    }
}
