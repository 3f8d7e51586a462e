import CSQLite
import LifelineHistory

extension Database {
    /// Names a change this write makes to a value the user sees, for a simulation's history:
    /// reported as an edit of `key` to `value` before the transaction commits, and acknowledged
    /// once the commit returned.
    ///
    /// ```swift
    /// try db.transaction { db in
    ///     try db.execute("INSERT INTO item (list, text) VALUES (?, ?)", [list, text])
    ///     db.recordChange(of: "items:\(list)", to: items + [text])   // what the list screen shows now
    /// }
    /// ```
    ///
    /// SQLite knows rows, not what a screen shows, so the app names each change once, where it
    /// writes it: the name its screen shows the value under (`VisibleValue`) and the value it
    /// shows after the write. A rolled-back transaction (or savepoint) reports nothing. Outside a
    /// transaction, call it *before* the `execute` that writes: it is an edit at once, and the next
    /// successful ``execute(_:_:isolation:)`` acknowledges it.
    ///
    /// Reports go to the history of the database's storage environment (``StorageEnvironment/history``):
    /// nowhere on a device, where `value` is not even evaluated, and nowhere for a connection
    /// confined to another actor than the main actor (the simulator runs apps there). Call it on
    /// the connection's actor; elsewhere the process stops.
    public func recordChange<Value>(
        of key: HistoryKey, to value: @autoclosure () -> Value, isolation: isolated (any Actor)? = #isolation
    ) {
        connection.preconditionOwned("recordChange(of:to:)", isolation: isolation)
        guard storageHistory != nil, let handle = connection.handle else { return }
        let change = (key: key, text: HistoryText.of(value()))
        if sqlite3_get_autocommit(handle) == 0 {
            changesInTransaction.append(change)
        } else {
            reportChanges([change], as: .aboutToBeWritten)
            changesAwaitingStatement.append(change)
        }
    }

    /// Names what a read found of a value the user sees, for a simulation's history: `value`, as
    /// its screen would show it (under the name ``recordChange(of:to:isolation:)`` writes it), is
    /// checked against the history at once — a change lost in an earlier process is found when
    /// the app reads the table, whether or not a screen shows it.
    ///
    /// ```swift
    /// let items = try db.fetchAll("SELECT text FROM item WHERE list = ?", [list]) { row throws(SQLiteError) in
    ///     try row.decode(String.self, at: 0)
    /// }
    /// db.recordRead(of: "items:\(list)", as: items)
    /// ```
    ///
    /// Reported like ``recordChange(of:to:isolation:)``: nowhere on a device (`value` is not
    /// evaluated) nor for a connection off the main actor. Call it on the connection's actor.
    public func recordRead<Value>(
        of key: HistoryKey, as value: @autoclosure () -> Value, isolation: isolated (any Actor)? = #isolation
    ) {
        connection.preconditionOwned("recordRead(of:as:)", isolation: isolation)
        guard let storageHistory else { return }
        let text = HistoryText.of(value())
        // Safe: as in `reportChanges(_:as:)`.
        MainActor.assumeIsolated { storageHistory.didLoad(key, text: text) }
    }

    /// Acknowledges the changes named outside a transaction: the statement that wrote them ran.
    func acknowledgeChangesAwaitingStatement() {
        let changes = changesAwaitingStatement
        changesAwaitingStatement.removeAll()
        reportChanges(changes, as: .saved)
    }

    /// What became of named changes, for ``reportChanges(_:as:)``.
    enum ChangeReport {
        /// About to be written (the commit starts).
        case aboutToBeWritten
        /// Written (the commit returned).
        case saved
        /// Not written (the commit failed and was rolled back).
        case failed
    }

    /// Reports `changes` to the history as `report` says.
    func reportChanges(_ changes: [(key: HistoryKey, text: String?)], as report: ChangeReport) {
        guard let storageHistory else { return }
        // Safe: `storageHistory` is set only for a connection confined to the main actor, and
        // every caller runs on the connection's actor (checked at the entry points).
        MainActor.assumeIsolated {
            for change in changes {
                switch report {
                case .aboutToBeWritten: storageHistory.willSave(change.key, text: change.text, persistence: .durable)
                case .saved: storageHistory.didSave(change.key, text: change.text)
                case .failed: storageHistory.didFailToSave(change.key, text: change.text)
                }
            }
        }
    }
}
