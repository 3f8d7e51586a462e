import CSQLite

extension Database {
    /// What ``suspend(isolation:)`` had to do.
    public enum SuspensionOutcome: Sendable, Equatable {
        /// The database held no transaction; it is now suspended.
        case suspended
        /// A transaction was open and was rolled back: its changes are lost. The code that
        /// opened it gets ``SQLiteError/suspended(sql:)`` when it tries to commit.
        case rolledBackOpenTransaction
        /// The connection still held a lock after the rollback and was closed to release it.
        case closedToReleaseLocks
        /// It was already suspended, or closed: nothing changed.
        case unchanged
    }

    /// Releases every lock and refuses statements until ``resume(isolation:)``.
    ///
    /// Why: iOS kills an app that holds a file lock while suspended (`0xdead10cc`). After this
    /// call the connection has no open transaction and no statement in progress, so it holds no
    /// database lock (checked by ``isHoldingLock``); a passive WAL checkpoint is attempted
    /// (``DatabaseConfiguration/checkpointsOnSuspend``). Statements then **throw**
    /// ``SQLiteError/suspended(sql:)`` rather than wait: everything runs synchronously on the
    /// connection's actor, so there is nothing to wait for that would not block it.
    ///
    /// Practical advice: suspend on `didEnterBackground` after the pending writes were flushed
    /// (``suspendWhileInBackground(of:logger:)`` does it); a background task that needs the
    /// database calls ``resume(isolation:)`` first and ``suspend(isolation:)`` when it ends.
    /// What if you don't: the app may be killed with `0xdead10cc` while suspended.
    ///
    /// A transaction still open is rolled back (a statement iterating rows stops with
    /// ``SQLiteError/suspended(sql:)``). Call it on the connection's actor.
    @discardableResult
    public func suspend(isolation: isolated (any Actor)? = #isolation) -> SuspensionOutcome {
        connection.preconditionOwned("suspend()", isolation: isolation)
        guard let handle = connection.handle, !connection.isSuspended else { return .unchanged }
        connection.isSuspended = true
        connection.suspensionGeneration += 1
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0 { sqlite3_reset(current) }
            statement = sqlite3_next_stmt(handle, current)
        }
        var outcome = SuspensionOutcome.suspended
        if sqlite3_get_autocommit(handle) == 0 {
            outcome = .rolledBackOpenTransaction
            try? runUnchecked("ROLLBACK TRANSACTION", handle)
        }
        if sqlite3_txn_state(handle, nil) != SQLITE_TXN_NONE {
            statementCache.removeAll()
            lastCachedStatement = nil
            connection.close()
            return .closedToReleaseLocks
        }
        if configuration.checkpointsOnSuspend {
            sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
        return outcome
    }

    /// Accepts statements again after ``suspend(isolation:)``. Does nothing if not suspended.
    public func resume(isolation: isolated (any Actor)? = #isolation) {
        connection.preconditionOwned("resume()", isolation: isolation)
        connection.isSuspended = false
    }

    /// Whether the database is suspended (statements throw ``SQLiteError/suspended(sql:)``).
    /// Read it on the connection's actor; elsewhere the process stops.
    public var isSuspended: Bool {
        connection.preconditionOwnedByCurrentContext("isSuspended")
        return connection.isSuspended
    }

    /// Whether a transaction is open (`BEGIN` without its `COMMIT` or `ROLLBACK`). Read it on
    /// the connection's actor; elsewhere the process stops.
    public var hasOpenTransaction: Bool {
        connection.preconditionOwnedByCurrentContext("hasOpenTransaction")
        guard let handle = connection.handle else { return false }
        return sqlite3_get_autocommit(handle) == 0
    }

    /// Whether the connection holds a database lock: an open read or write transaction,
    /// explicit or implied by a statement still in progress. Must be `false` before the app is
    /// suspended (the simulator checks it). Read it on the connection's actor.
    ///
    /// Not counted: the shared lock every open WAL connection keeps on the `-shm` file (SQLite's
    /// "dead man switch", held until close). It blocks no other connection's transaction, and
    /// suspension without closing is what GRDB relies on against `0xdead10cc`; a host that must
    /// release even that lock closes the connection instead.
    public var isHoldingLock: Bool {
        connection.preconditionOwnedByCurrentContext("isHoldingLock")
        guard let handle = connection.handle else { return false }
        return sqlite3_txn_state(handle, nil) != SQLITE_TXN_NONE
    }
}
