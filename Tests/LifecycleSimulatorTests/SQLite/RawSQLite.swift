import CSQLite
import DurableState
import LifecycleSimulator

/// A SQLite connection driven by direct C calls, for tests that need what `Database` does not
/// offer (a rollback journal, raw result codes). Not `Sendable`; closed when released.
final class RawSQLite {
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        let message: String
        var description: String { "\(message) (code \(code))" }
    }

    let handle: OpaquePointer

    /// Opens `path` through `fileSystem`'s VFS.
    init(path: String, fileSystem: SimulatedFileSystem) throws(Failure) {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, fileSystem.sqliteVFSName)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw Failure(code: code, message: message)
        }
        sqlite3_extended_result_codes(handle, 1)
        self.handle = handle
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` (one or more statements) to completion.
    func execute(_ sql: String) throws(Failure) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw Failure(code: code, message: String(cString: sqlite3_errmsg(handle))) }
    }

    /// Every row of `sql`, each column as text (`NULL` as "NULL").
    func rows(_ sql: String) throws(Failure) -> [[String]] {
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw Failure(code: code, message: String(cString: sqlite3_errmsg(handle))) }
        defer { sqlite3_finalize(statement) }
        var rows: [[String]] = []
        while true {
            code = sqlite3_step(statement)
            guard code == SQLITE_ROW else { break }
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
            })
        }
        guard code == SQLITE_DONE else { throw Failure(code: code, message: String(cString: sqlite3_errmsg(handle))) }
        return rows
    }

    /// The first column of the first row of `sql`.
    func value(_ sql: String) throws(Failure) -> String? {
        try rows(sql).first?.first
    }

    /// The name of the VFS the main database file was opened through.
    var vfsName: String? {
        var name: UnsafeMutablePointer<CChar>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_VFSNAME, &name) == SQLITE_OK, let name else { return nil }
        defer { sqlite3_free(name) }
        return String(cString: name)
    }
}
