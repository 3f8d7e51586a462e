import CSQLite

extension Database {
    /// How a transaction takes its locks.
    public enum TransactionKind: Sendable {
        /// Takes locks when the first statement needs them (`BEGIN DEFERRED`).
        case deferred
        /// Takes the write lock at once (`BEGIN IMMEDIATE`): the default, because a deferred
        /// transaction that reads then writes can fail with `SQLITE_BUSY` halfway.
        case immediate
        /// `BEGIN EXCLUSIVE`; in WAL mode the same as immediate.
        case exclusive

        var beginSQL: String {
            switch self {
            case .deferred: "BEGIN DEFERRED TRANSACTION"
            case .immediate: "BEGIN IMMEDIATE TRANSACTION"
            case .exclusive: "BEGIN EXCLUSIVE TRANSACTION"
            }
        }
    }

    /// Runs `body` in a transaction: committed if it returns, rolled back if it throws.
    ///
    /// ```swift
    /// try db.transaction { db in
    ///     try db.execute("UPDATE account SET balance = balance - ? WHERE id = ?", [amount, from])
    ///     try db.execute("UPDATE account SET balance = balance + ? WHERE id = ?", [amount, to])
    /// }
    /// ```
    ///
    /// Inside another transaction, `body` runs in a savepoint that is released or rolled back
    /// alone. A suspension during `body` rolls the transaction back (see ``suspend(isolation:)``).
    ///
    /// - Throws: the error `body` threw, after the rollback; ``SQLiteError`` if the transaction
    ///   could not begin (nothing ran) or commit (it was rolled back, nothing of it remains), or
    ///   ``SQLiteError/suspended(sql:)`` if the database was suspended meanwhile (rolled back).
    public func transaction<T>(
        _ kind: TransactionKind = .immediate,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (Database) throws -> T
    ) throws -> T {
        let scope = try begin(kind, isolation: isolation)
        let result: T
        do {
            result = try body(self)
        } catch {
            rollback(scope)
            throw error
        }
        try commit(scope)
        return result
    }

    /// The typed-throws form of ``transaction(_:isolation:_:)`` for bodies that fail only with
    /// ``SQLiteError`` (the migrator's).
    func withTransaction<T>(
        _ kind: TransactionKind = .immediate,
        isolation: (any Actor)?,
        _ body: () throws(SQLiteError) -> T
    ) throws(SQLiteError) -> T {
        let scope = try begin(kind, isolation: isolation)
        let result: T
        do {
            result = try body()
        } catch {
            rollback(scope)
            throw error
        }
        try commit(scope)
        return result
    }

    /// An open transaction or savepoint, the suspension it began under, and how many changes
    /// were named (``Database/recordChange(of:to:isolation:)``) before it.
    struct TransactionScope {
        var isSavepoint: Bool
        var generation: Int
        var changesBefore: Int
    }

    private func begin(_ kind: TransactionKind, isolation: (any Actor)?) throws(SQLiteError) -> TransactionScope {
        let handle = try connection.checkedHandle("transaction", sql: nil, isolation: isolation)
        let isSavepoint = sqlite3_get_autocommit(handle) == 0
        try runUnchecked(isSavepoint ? "SAVEPOINT lifeline" : kind.beginSQL, handle)
        if !isSavepoint { changesInTransaction.removeAll() }
        return TransactionScope(isSavepoint: isSavepoint, generation: connection.suspensionGeneration, changesBefore: changesInTransaction.count)
    }

    private func commit(_ scope: TransactionScope) throws(SQLiteError) {
        let sql = scope.isSavepoint ? "RELEASE SAVEPOINT lifeline" : "COMMIT TRANSACTION"
        guard connection.suspensionGeneration == scope.generation else {
            if !scope.isSavepoint { changesInTransaction.removeAll() }
            throw .suspended(sql: sql)
        }
        guard let handle = connection.handle else { throw .closed(operation: "transaction") }
        // The changes become edits before the commit (a death during it leaves them
        // indeterminate) and are acknowledged once it returned.
        let changes = scope.isSavepoint ? [] : changesInTransaction
        if !changes.isEmpty { reportChanges(changes, as: .aboutToBeWritten) }
        do throws(SQLiteError) {
            try runUnchecked(sql, handle)
        } catch {
            rollback(scope)
            if !changes.isEmpty { reportChanges(changes, as: .failed) }
            throw error
        }
        if !scope.isSavepoint { changesInTransaction.removeAll() }
        if !changes.isEmpty { reportChanges(changes, as: .saved) }
    }

    /// Rolls back, unless a suspension or SQLite itself already did; the changes named inside
    /// the transaction or savepoint are forgotten.
    private func rollback(_ scope: TransactionScope) {
        if changesInTransaction.count > scope.changesBefore { changesInTransaction.removeSubrange(scope.changesBefore...) }
        guard connection.suspensionGeneration == scope.generation,
            let handle = connection.handle,
            sqlite3_get_autocommit(handle) == 0
        else { return }
        let sql = scope.isSavepoint
            ? "ROLLBACK TRANSACTION TO SAVEPOINT lifeline; RELEASE SAVEPOINT lifeline"
            : "ROLLBACK TRANSACTION"
        try? runUnchecked(sql, handle)
    }
}
