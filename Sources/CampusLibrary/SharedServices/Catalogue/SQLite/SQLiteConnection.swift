import CSQLite

/// One SQLite connection with a cache of prepared statements, used by the local catalogue.
///
/// The connection handle is confined to the main actor: every entry point is main-actor isolated,
/// so no two threads touch it. Owned by ``SQLiteCatalogue``; closed when that is released.
@MainActor
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (creating if needed) the database at `path`; `":memory:"` for a private in-memory one.
    init(path: String, readOnly: Bool = false) throws(CatalogueError) {
        var opened: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let opened { sqlite3_close_v2(opened) }
            throw .database(code: code, message: message)
        }
        handle = opened
    }

    isolated deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(CatalogueError) {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &error)
        guard code == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(error)
            throw .database(code: code, message: message)
        }
    }

    /// The prepared statement for `sql`, reset and with bindings cleared, from the cache.
    func statement(_ sql: String) throws(CatalogueError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw .database(code: code, message: lastMessage) }
        let statement = SQLiteStatement(handle: prepared, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` in a transaction, committed if it returns and rolled back if it throws.
    func transaction(_ body: () throws(CatalogueError) -> Void) throws(CatalogueError) {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Frees memory SQLite can rebuild (page cache), for memory warnings.
    func releaseMemory() {
        sqlite3_db_release_memory(handle)
    }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
}
