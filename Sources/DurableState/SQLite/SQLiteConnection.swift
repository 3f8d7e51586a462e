import CSQLite

/// The C handle of one open connection, the actor it is confined to and its suspension state.
///
/// Shared by a ``Database`` and its ``Statement``s (so that a statement never outlives the
/// handle it was prepared on); confined, like them, to ``owner``. Dies with the last of them;
/// ``close()`` may end the handle earlier, after which every entry point throws ``SQLiteError/closed(operation:)``.
final class SQLiteConnection {
    /// The `sqlite3*`; `nil` once closed.
    private(set) var handle: OpaquePointer?
    /// The actor that opened the connection. Every entry point compares the caller's isolation
    /// (`#isolation`, which the compiler makes truthful) with it.
    let owner: any Actor
    /// True between `suspend()` and `resume()`: every statement is refused.
    var isSuspended = false
    /// Incremented by every suspension. A statement that is iterating rows when it changes was
    /// reset under its feet, and stops with ``SQLiteError/suspended(sql:)`` instead of restarting.
    var suspensionGeneration = 0

    /// The database's class and the device it is checked against, or `nil` when the device
    /// never locks.
    let protection: Protection?

    /// What a connection needs to check that its class allows it to run now.
    struct Protection {
        /// The database file's path, for the error.
        let path: String
        /// The database's class.
        let protection: DataProtection
        /// The device's lock state.
        let availability: any ProtectedDataAvailability
    }

    init(handle: OpaquePointer, owner: any Actor, protection: Protection? = nil) {
        self.handle = handle
        self.owner = owner
        self.protection = protection
    }

    deinit {
        close()
    }

    /// The handle, if `isolation` is the owner, the connection is open and not suspended, and its
    /// protection class allows using it now.
    @inline(__always)
    func checkedHandle(_ operation: String, sql: String?, isolation: (any Actor)?) throws(SQLiteError) -> OpaquePointer {
        guard let isolation, isolation === owner else { throw .wrongExecutor(operation: operation) }
        guard let handle else { throw .closed(operation: operation) }
        guard !isSuspended else { throw .suspended(sql: sql) }
        if let protection {
            do {
                try protection.availability.check(.useOpen, to: protection.path, protectedBy: protection.protection)
            } catch {
                throw .protectedDataUnavailable(error)
            }
        }
        return handle
    }

    /// Stops the process if the caller is not isolated to the owner: the check of the
    /// entry points that cannot throw.
    func preconditionOwned(_ operation: String, isolation: (any Actor)?) {
        precondition(
            isolation.map { $0 === owner } ?? false,
            "Database.\(operation) called from another actor than the one that opened the connection"
        )
    }

    /// Stops the process unless the current context is isolated to the owner: the check of the
    /// properties, which cannot receive the caller's isolation.
    func preconditionOwnedByCurrentContext(_ operation: String) {
        owner.preconditionIsolated("Database.\(operation) read from another actor than the one that opened the connection")
    }

    /// The error for `code`, with SQLite's message for the connection's last failure.
    func error(_ code: Int32, sql: String?) -> SQLiteError {
        let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "no message"
        return .sqlite(code: ResultCode(rawValue: code), message: message, sql: sql)
    }

    /// Closes the handle. Statements still alive keep a zombie handle (`sqlite3_close_v2`) until
    /// they are finalized; their entry points throw `closed`.
    func close() {
        guard let handle else { return }
        self.handle = nil
        sqlite3_close_v2(handle)
    }
}
