import CSQLite
import DurableState
import Foundation

/// Benchmarks of the SQLite layer, each against the same work through direct sqlite3 C calls
/// in the same run (goal: ratio ≤ 1.3). Both sides use their own database file with the same
/// settings: WAL, foreign keys on, `synchronous = NORMAL` (kill-safe), so that commit syncs do
/// not hide the library's overhead, in a memory-backed directory where there is one.
enum SQLiteBenchmarks {
    static let all: [Benchmark] = [insertTransaction, indexedLookup]

    /// 1,000 inserts (text and real) in one `BEGIN IMMEDIATE … COMMIT` transaction.
    static let insertTransaction = Benchmark(name: "sqlite.insert-transaction") {
        let directory = try BenchmarkDirectory()
        let schema = "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL NOT NULL)"
        let insert = "INSERT INTO item (name, score) VALUES (?, ?)"
        let names = (0..<1_000).map { "item-\($0)" }

        let db = try Database(path: directory.file("library.sqlite"), configuration: killSafe)
        try db.executeScript(schema)
        let raw = try RawConnection(path: directory.file("raw.sqlite"))
        try raw.exec(schema)
        let rawInsert = try raw.prepare(insert)

        let result = try Measure.sideBySide(
            rounds: 31, iterations: 2,
            value: {
                try db.transaction { db in
                    for (index, name) in names.enumerated() {
                        try db.execute(insert, [name, Double(index)])
                    }
                }
            },
            baseline: {
                try raw.exec("BEGIN IMMEDIATE TRANSACTION")
                for (index, name) in names.enumerated() {
                    sqlite3_bind_text(rawInsert, 1, name, -1, sqliteTransientBench)
                    sqlite3_bind_double(rawInsert, 2, Double(index))
                    guard sqlite3_step(rawInsert) == SQLITE_DONE else { throw raw.failure("insert") }
                    sqlite3_reset(rawInsert)
                }
                try raw.exec("COMMIT TRANSACTION")
            })
        sqlite3_finalize(rawInsert)
        return BenchmarkResult(value: result.value, baseline: result.baseline, unit: "ns/transaction(1000 inserts)")
    }

    /// Lookups by an indexed text column in a 10,000-row table, decoding an integer and a text.
    static let indexedLookup = Benchmark(name: "sqlite.indexed-lookup") {
        let directory = try BenchmarkDirectory()
        let schema = """
            CREATE TABLE book (id INTEGER PRIMARY KEY, isbn TEXT NOT NULL, title TEXT NOT NULL);
            CREATE INDEX book_isbn ON book(isbn);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
            INSERT INTO book (isbn, title) SELECT printf('978-%09d', i * 7919 % 1000003), 'Title ' || i FROM n;
            """
        let lookup = "SELECT id, title FROM book WHERE isbn = ?"
        let keys = (0..<1_000).map { index in String(format: "978-%09d", ((index * 37 % 10_000) + 1) * 7919 % 1_000_003) }

        let db = try Database(path: directory.file("library.sqlite"), configuration: killSafe)
        try db.executeScript(schema)
        let raw = try RawConnection(path: directory.file("raw.sqlite"))
        try raw.exec(schema)
        let rawLookup = try raw.prepare(lookup)

        var found = 0
        let result = try Measure.sideBySide(
            rounds: 31, iterations: 2,
            value: {
                for key in keys {
                    let book = try db.fetchOne(lookup, [key]) { row throws(SQLiteError) in
                        (try row.decode(Int.self, at: 0), try row.decode(String.self, at: 1))
                    }
                    if book != nil { found += 1 }
                    blackHole(book)
                }
            },
            baseline: {
                for key in keys {
                    sqlite3_bind_text(rawLookup, 1, key, -1, sqliteTransientBench)
                    var book: (Int, String)?
                    if sqlite3_step(rawLookup) == SQLITE_ROW {
                        let id = Int(sqlite3_column_int64(rawLookup, 0))
                        let text = sqlite3_column_text(rawLookup, 1)
                        let length = Int(sqlite3_column_bytes(rawLookup, 1))
                        let title = text.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
                        book = (id, title)
                    }
                    sqlite3_reset(rawLookup)
                    if book != nil { found += 1 }
                    blackHole(book)
                }
            })
        sqlite3_finalize(rawLookup)
        guard found == 2 * 31 * 2 * keys.count else { throw RawConnection.Failure(message: "lookups missed rows: \(found)") }
        return BenchmarkResult(value: result.value / 1_000, baseline: result.baseline / 1_000, unit: "ns/lookup")
    }

    private static var killSafe: DatabaseConfiguration {
        var configuration = DatabaseConfiguration()
        configuration.durability = .survivesProcessKill
        return configuration
    }
}

private let sqliteTransientBench = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A temporary directory removed when the benchmark is done: on `/dev/shm` (memory) where it
/// exists, so that both sides measure CPU work rather than the disk's write-back throttling,
/// which on a shared machine swings single samples by 5x.
final class BenchmarkDirectory {
    let path: String

    init() throws {
        let memory = "/dev/shm/"
        let base = FileManager.default.isWritableFile(atPath: memory) ? memory : NSTemporaryDirectory()
        path = base + "lifeline-bench-sqlite-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }
}

/// The baseline: a connection driven by direct sqlite3 calls, set up like ``Database``.
private final class RawConnection {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    let handle: OpaquePointer

    init(path: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
            let handle
        else { throw Failure(message: "open failed") }
        self.handle = handle
        try exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL")
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    func exec(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure(sql) }
    }

    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
            let statement
        else { throw failure(sql) }
        return statement
    }

    func failure(_ context: String) -> Failure {
        Failure(message: "\(context): \(String(cString: sqlite3_errmsg(handle)))")
    }
}
