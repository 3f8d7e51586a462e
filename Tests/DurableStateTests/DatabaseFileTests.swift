import DurableState
import Foundation
import LifelineTestSupport
import Testing

/// The database file itself: created owner-only, never a link or a FIFO, and checked on demand.
@MainActor
@Suite("Database files")
struct DatabaseFileTests {
    let directory = SQLiteTestDirectory()

    @Test("a new database and its WAL files are created 0600 whatever the umask")
    func ownerOnly() throws {
        let path = directory.file("app.sqlite")
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (x)")
        try database.execute("INSERT INTO t VALUES (1)")
        for name in ["app.sqlite", "app.sqlite-wal", "app.sqlite-shm"] {
            #expect(HostileFiles.mode(directory.file(name)) == 0o600, "\(name)")
        }
    }

    @Test("a link in place of the database is refused, and its target is untouched")
    func link() throws {
        let victim = try HostileFiles.Victim(at: directory.file("outside/victim"))
        let path = directory.file("catalogue.sqlite")
        try HostileFiles.plantLink(at: path, to: victim.path)
        let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
        #expect(error?.resultCode == .cantOpen)
        #expect(error?.description.contains("symbolic link") == true)
        #expect(victim.isUntouched)
    }

    @Test("a FIFO in place of the database is refused without blocking")
    func fifo() throws {
        let path = directory.file("catalogue.sqlite")
        try HostileFiles.plantFIFO(at: path)
        let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
        #expect(error?.description.contains("not a regular file") == true)
    }

    @Test("quick_check passes an intact database and reports a damaged one")
    func quickCheck() throws {
        let path = directory.file("damaged.sqlite")
        do {
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (x TEXT)")
            try database.transaction { database in
                for index in 0..<2000 { try database.execute("INSERT INTO t VALUES (?)", [String(repeating: "row \(index) ", count: 8)]) }
            }
            #expect(try database.quickCheck() == [])
            database.close()
        }
        try Self.damagePages(of: path)
        let reopened = try Database(path: path)
        let problems: [String]
        do {
            problems = try reopened.quickCheck()
        } catch {
            problems = [error.description]
        }
        #expect(!problems.isEmpty)
    }

    /// Overwrites the middle pages of the file (not its header and schema page) with garbage.
    static func damagePages(of path: String) throws {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        handle.write(Data(repeating: 0xA5, count: 8192))
    }

    @Test("an empty (0-byte) database file is damaged, not new: refused as not a database, and left as it is")
    func emptyFileIsDamaged() throws {
        let path = directory.file("reading-list.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
        #expect(error?.resultCode == .notADatabase)
        #expect(error?.description.contains("empty (0 bytes)") == true)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
    }

    @Test("a new database is created whole: its file starts with SQLite's header before any statement ran")
    func newDatabaseIsWhole() throws {
        let path = directory.file("new.sqlite")
        let database = try Database(path: path)
        let header = try #require(FileManager.default.contents(atPath: path)).prefix(16)
        #expect(header == Data("SQLite format 3\u{0}".utf8))
        database.close()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.allSatisfy { !$0.hasSuffix(".new") && !$0.contains(".new-") }, "\(names)")
        #expect(HostileFiles.mode(path) == 0o600)
    }
}
