import CSQLite

/// A prepared statement of a ``SQLiteConnection``; main-actor confined like its connection, which
/// owns it in its statement cache and finalizes it when released.
@MainActor
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    isolated deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and clears its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds text (copied by SQLite) to the 1-based `index`.
    func bind(_ text: String, at index: Int32) throws(CatalogueError) {
        try check(sqlite3_bind_text(handle, index, text, -1, Self.transient))
    }

    /// Binds an integer, or NULL for `nil`, to the 1-based `index`.
    func bind(_ value: Int?, at index: Int32) throws(CatalogueError) {
        if let value {
            try check(sqlite3_bind_int64(handle, index, Int64(value)))
        } else {
            try check(sqlite3_bind_null(handle, index))
        }
    }

    /// Advances to the next row: `true` if there is one, `false` when done.
    func step() throws(CatalogueError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw .database(code: code, message: connection.lastMessage)
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws(CatalogueError) {
        while try step() {}
    }

    /// The text of column `index` of the current row (empty for NULL).
    func text(_ index: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, index) else { return "" }
        return String(cString: pointer)
    }

    /// The integer of column `index` of the current row, or `nil` for NULL.
    func integer(_ index: Int32) -> Int? {
        sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(handle, index))
    }

    private func check(_ code: Int32) throws(CatalogueError) {
        guard code == SQLITE_OK else { throw .database(code: code, message: connection.lastMessage) }
    }

    // Safe because SQLITE_TRANSIENT is the documented sentinel (-1) telling SQLite to copy the value.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
