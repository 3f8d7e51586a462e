extension Database {
    /// Runs `PRAGMA quick_check` and returns the problems it reports: empty when the database
    /// is intact (SQLite answers a single `ok`). It reads every page but does not check that
    /// indexes match their tables, so it is much cheaper than `integrity_check`.
    ///
    /// ```swift
    /// if try !database.quickCheck().isEmpty { /* move the file aside and rebuild it */ }
    /// ```
    ///
    /// - Throws: ``SQLiteError`` when the check cannot run at all (a file too damaged to read is
    ///   reported this way: `SQLITE_CORRUPT` or `SQLITE_NOTADB`). Nothing is changed.
    public func quickCheck(isolation: isolated (any Actor)? = #isolation) throws(SQLiteError) -> [String] {
        let messages = try makeStatement("PRAGMA quick_check", isolation: isolation)
            .fetchAll(isolation: isolation) { row throws(SQLiteError) in try row.decode(String.self, at: 0) }
        return messages == ["ok"] ? [] : messages
    }
}
