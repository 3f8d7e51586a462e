import CSQLite

extension Database {
    /// The prepared statement for `sql`, from the statement cache (prepared on first use).
    ///
    /// A cached statement that is running (you ask for it from inside its own row closure) is
    /// not handed out twice: you get a fresh, uncached one instead.
    ///
    /// - Throws: ``SQLiteError`` if `sql` does not compile or holds more than one statement;
    ///   nothing is cached then.
    public func statement(_ sql: String, isolation: isolated (any Actor)? = #isolation) throws(SQLiteError) -> Statement {
        try cachedStatement(sql, operation: "statement", isolation: isolation)
    }

    /// A new statement for `sql`, not cached: for SQL built at run time that will not recur.
    ///
    /// - Throws: ``SQLiteError`` if `sql` does not compile or holds more than one statement.
    public func makeStatement(_ sql: String, isolation: isolated (any Actor)? = #isolation) throws(SQLiteError) -> Statement {
        let handle = try connection.checkedHandle("makeStatement", sql: sql, isolation: isolation)
        return try prepare(sql, persistent: false, handle)
    }

    /// Runs one statement to completion with `arguments` (through the statement cache).
    ///
    /// - Throws: ``SQLiteError``; a failed write had no effect (inside a transaction, the
    ///   transaction decides).
    public func execute(_ sql: String, _ arguments: StatementArguments = [], isolation: isolated (any Actor)? = #isolation) throws(SQLiteError) {
        try cachedStatement(sql, operation: "execute", isolation: isolation)
            .run(arguments, operation: "execute", isolation: isolation) { _ throws(SQLiteError) in true }
        if !changesAwaitingStatement.isEmpty { acknowledgeChangesAwaitingStatement() }
    }

    /// Runs every statement of `script` in order (no arguments, not cached): schema changes in
    /// migrations.
    ///
    /// - Throws: ``SQLiteError`` for the first statement that fails; the statements before it
    ///   stay done unless a surrounding transaction rolls them back.
    public func executeScript(_ script: String, isolation: isolated (any Actor)? = #isolation) throws(SQLiteError) {
        let handle = try connection.checkedHandle("executeScript", sql: script, isolation: isolation)
        try runUnchecked(script, handle)
    }

    /// Every row of `sql`, each decoded by `decode` (through the statement cache).
    ///
    /// - Throws: ``SQLiteError`` from SQLite or `decode`; the rows read so far are dropped.
    @inlinable
    public func fetchAll<T>(
        _ sql: String,
        _ arguments: StatementArguments = [],
        isolation: isolated (any Actor)? = #isolation,
        _ decode: (borrowing Row) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> [T] {
        var results: [T] = []
        try cachedStatement(sql, operation: "fetchAll", isolation: isolation)
            .run(arguments, operation: "fetchAll", isolation: isolation) { row throws(SQLiteError) in
                results.append(try decode(row))
                return true
            }
        return results
    }

    /// The first row of `sql` decoded by `decode`, or `nil` (through the statement cache).
    ///
    /// - Throws: ``SQLiteError`` from SQLite or `decode`.
    @inlinable
    public func fetchOne<T>(
        _ sql: String,
        _ arguments: StatementArguments = [],
        isolation: isolated (any Actor)? = #isolation,
        _ decode: (borrowing Row) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> T? {
        var result: T?
        try cachedStatement(sql, operation: "fetchOne", isolation: isolation)
            .run(arguments, operation: "fetchOne", isolation: isolation) { row throws(SQLiteError) in
                result = try decode(row)
                return false
            }
        return result
    }

    /// Empties the statement cache; statements held elsewhere stay usable.
    public func clearStatementCache(isolation: isolated (any Actor)? = #isolation) {
        connection.preconditionOwned("clearStatementCache()", isolation: isolation)
        statementCache.removeAll()
        lastCachedStatement = nil
    }

    @usableFromInline
    func cachedStatement(_ sql: String, operation: String, isolation: (any Actor)?) throws(SQLiteError) -> Statement {
        let handle = try connection.checkedHandle(operation, sql: sql, isolation: isolation)
        if let last = lastCachedStatement, last.sql == sql, !last.isRunning {
            return last
        }
        if let cached = statementCache[sql] {
            if cached.isRunning { return try prepare(sql, persistent: false, handle) }
            lastCachedStatement = cached
            return cached
        }
        let statement = try prepare(sql, persistent: true, handle)
        statementCache[sql] = statement
        lastCachedStatement = statement
        return statement
    }

    private func prepare(_ sql: String, persistent: Bool, _ handle: OpaquePointer) throws(SQLiteError) -> Statement {
        var prepared: OpaquePointer?
        var code = SQLITE_OK
        var hasMoreStatements = false
        sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
            code = sqlite3_prepare_v3(handle, text, -1, flags, &prepared, &tail)
            guard code == SQLITE_OK, let tail, tail.pointee != 0 else { return }
            // Only whitespace and comments may follow: they compile to no statement.
            var next: OpaquePointer?
            let nextCode = sqlite3_prepare_v2(handle, tail, -1, &next, nil)
            hasMoreStatements = nextCode != SQLITE_OK || next != nil
            sqlite3_finalize(next)
        }
        guard code == SQLITE_OK else {
            sqlite3_finalize(prepared)
            throw connection.error(code, sql: sql)
        }
        guard let prepared else {
            throw .sqlite(code: .misuse, message: "the SQL holds no statement", sql: sql)
        }
        guard !hasMoreStatements else {
            sqlite3_finalize(prepared)
            throw .multipleStatements(sql: sql)
        }
        preparedStatementCount += 1
        return Statement(sql: sql, handle: prepared, connection: connection)
    }
}
