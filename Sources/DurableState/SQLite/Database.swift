import CSQLite
import LifelineHistory

/// One SQLite connection, confined to the actor that opened it.
///
/// ```swift
/// let db = try Database(path: directory + "/library.sqlite")     // on the main actor
/// try migrator.migrate(db)
/// try db.transaction { db in
///     try db.execute("INSERT INTO loan (book_id, due) VALUES (?, ?)", [bookID, due])
/// }
/// let titles = try db.fetchAll("SELECT title FROM book ORDER BY title") { row in
///     try row.decode(String.self, at: 0)
/// }
/// ```
///
/// The connection opens in WAL mode, with foreign keys on and `synchronous` set from
/// ``DatabaseConfiguration/durability``. Statements are prepared once and cached by their SQL.
///
/// **Confinement.** A `Database` is not `Sendable`. It belongs to the actor it was opened on —
/// the main actor for the app's database — and every entry point checks that its caller is
/// isolated to that actor (the caller's `#isolation`, which the compiler makes truthful): a
/// throwing call throws ``SQLiteError/wrongExecutor(operation:)``, a non-throwing one stops the
/// process with a message. Why: a C handle used from two threads corrupts memory. Practical
/// advice: open the database where it will be used and keep it there. If you don't: the first
/// call from elsewhere fails loudly, before touching the handle. The compiler already keeps a
/// connection in its actor's region (sending it elsewhere does not compile); the runtime check
/// catches what escapes through boxes that are unchecked-Sendable. One subtlety: inside a function
/// isolated through an `isolated` parameter (rather than `@MainActor` or an actor method), a
/// closure is isolated only if it mentions that parameter (SE-0420), so pass `isolation:`
/// explicitly to the calls inside such closures (``DatabaseMigrator`` does).
///
/// **Suspension.** Before the app is suspended it must hold no lock (iOS kills an app that holds
/// a file lock while suspended: `0xdead10cc`). ``suspend(isolation:)`` ends any transaction and
/// read, after which statements throw ``SQLiteError/suspended(sql:)`` until ``resume(isolation:)``;
/// ``suspendWhileInBackground(of:logger:)`` does it on the application's background transitions.
///
/// Its ``DataProtection`` class (``DataProtection/completeUntilFirstUserAuthentication`` unless
/// `protection` says otherwise) decides, with ``StorageEnvironment/protectedData``, when it can be
/// opened (an existing file needs ``ProtectedDataAccess/openExisting``, a new one
/// ``ProtectedDataAccess/createNew``) and when an open connection may run statements
/// (``ProtectedDataAccess/useOpen``: a ``DataProtection/completeUnlessOpen`` database opened
/// while unlocked keeps working after the device locks; a ``DataProtection/complete`` one does
/// not). A refusal throws ``SQLiteError/protectedDataUnavailable(_:)`` and runs nothing.
///
/// Owned by its creator (the composition root); dies with the last reference to it or its
/// statements, or at ``close(isolation:)``.
public final class Database {
    /// The path of the database file.
    public let path: String
    /// The configuration the connection was opened with.
    public let configuration: DatabaseConfiguration
    /// The handle, its owner and its suspension state, shared with the statements.
    let connection: SQLiteConnection
    /// Prepared statements by SQL text. Invariant: every entry was prepared on `connection`.
    var statementCache: [String: Statement] = [:]
    /// The statement last taken from the cache: a loop running one SQL string finds it with a
    /// string comparison (free for the same string value) instead of hashing the SQL each time.
    /// Invariant: `nil` or an entry of `statementCache`.
    var lastCachedStatement: Statement?
    /// How many statements this connection prepared (the statement cache's test hook).
    var preparedStatementCount = 0
    /// The history of the file system the database lives on (`StorageHistory`): `nil` on a
    /// device, and for a connection not confined to the main actor.
    let storageHistory: (any StorageHistory)?
    /// Changes named by ``recordChange(of:to:isolation:)`` inside the open transaction, reported
    /// at its commit. Invariant: empty outside a transaction.
    var changesInTransaction: [(key: HistoryKey, text: String?)] = []
    /// Changes named outside a transaction, reported as edits already: the next successful
    /// ``execute(_:_:isolation:)`` acknowledges them.
    var changesAwaitingStatement: [(key: HistoryKey, text: String?)] = []

    /// Opens (creating if needed) the database at `path` of `storage` on the caller's actor.
    ///
    /// The files live where `storage` keeps them: on real files by default, on the simulator's
    /// disk when `storage` is a simulated process's (through its
    /// ``StorageEnvironment/sqliteVFSName``), so the same app code runs on both.
    ///
    /// A new file gets ``DatabaseConfiguration/filePermissions`` (owner-only by default),
    /// whatever the umask. A symbolic link, FIFO or device at `path` is refused, never followed
    /// or read.
    ///
    /// - Throws: ``SQLiteError`` if the file cannot be opened or set up (WAL, foreign keys,
    ///   `synchronous`); the connection is closed again, and a file it created may remain.
    ///   ``SQLiteError/wrongExecutor(operation:)`` if the caller is not isolated to an actor.
    ///   ``SQLiteError/protectedDataUnavailable(_:)`` if `protection` forbids opening it now
    ///   (nothing was opened or created).
    public init(
        path: String,
        storage: StorageEnvironment = StorageEnvironment(fileSystem: POSIXFileSystem()),
        configuration: DatabaseConfiguration = DatabaseConfiguration(),
        protection: DataProtection = .completeUntilFirstUserAuthentication,
        isolation: isolated (any Actor)? = #isolation
    ) throws(SQLiteError) {
        guard let isolation else { throw .wrongExecutor(operation: "init(path:)") }
        // A device that never locks refuses nothing: no check, now or per statement.
        let availability = storage.protectedData is AlwaysAvailable ? nil : storage.protectedData
        if let availability {
            let access: ProtectedDataAccess = storage.fileSystem.itemExists(at: path) ? .openExisting : .createNew
            do {
                try availability.check(access, to: path, protectedBy: protection)
            } catch {
                throw .protectedDataUnavailable(error)
            }
        }
        // A VFS of another file system (the simulator's disk) keeps its files itself.
        if storage.sqliteVFSName == nil { try Self.prepareFile(at: path, permissions: configuration.filePermissions) }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let code = sqlite3_open_v2(path, &handle, flags, storage.sqliteVFSName)
        guard code == SQLITE_OK, let handle else {
            let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw .sqlite(code: ResultCode(rawValue: code), message: message, sql: nil)
        }
        sqlite3_extended_result_codes(handle, 1)
        self.path = path
        self.configuration = configuration
        self.connection = SQLiteConnection(
            handle: handle, owner: isolation,
            protection: availability.map { SQLiteConnection.Protection(path: path, protection: protection, availability: $0) })
        // The history lives on the main actor: a connection confined elsewhere reports nothing.
        self.storageHistory = isolation === MainActor.shared ? storage.history : nil
        do throws(SQLiteError) {
            try setUp(handle)
        } catch {
            connection.close()
            throw error
        }
    }

    private func setUp(_ handle: OpaquePointer) throws(SQLiteError) {
        let milliseconds = configuration.busyTimeout.components.seconds * 1000
            + configuration.busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
        let mode = try pragmaValue("PRAGMA journal_mode = WAL", handle)
        guard mode.lowercased() == "wal" else {
            throw .sqlite(
                code: .cantOpen, message: "SQLite refused WAL journal mode and kept \(mode)",
                sql: "PRAGMA journal_mode = WAL")
        }
        try runUnchecked("PRAGMA foreign_keys = ON", handle)
        try runUnchecked("PRAGMA synchronous = \(configuration.durability.synchronousPragma)", handle)
        #if canImport(Darwin)
        if configuration.durability == .survivesPowerLoss {
            try runUnchecked("PRAGMA fullfsync = ON", handle)
            try runUnchecked("PRAGMA checkpoint_fullfsync = ON", handle)
        }
        #endif
    }

    /// Closes the connection: cached statements are finalized, the handle is released once the
    /// statements still held elsewhere are gone. Later calls throw ``SQLiteError/closed(operation:)``.
    /// An open transaction is rolled back by SQLite. Closing twice does nothing.
    public func close(isolation: isolated (any Actor)? = #isolation) {
        connection.preconditionOwned("close()", isolation: isolation)
        statementCache.removeAll()
        lastCachedStatement = nil
        connection.close()
    }

    /// The row id of the last successful `INSERT` on this connection (0 if none).
    /// Read it on the connection's actor; elsewhere the process stops.
    public var lastInsertedRowID: Int64 {
        connection.preconditionOwnedByCurrentContext("lastInsertedRowID")
        return connection.handle.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// Rows changed by the last `INSERT`, `UPDATE` or `DELETE` on this connection. Read it on
    /// the connection's actor; elsewhere the process stops.
    public var changedRowCount: Int {
        connection.preconditionOwnedByCurrentContext("changedRowCount")
        return connection.handle.map { Int(sqlite3_changes64($0)) } ?? 0
    }

    /// Runs `sql` to completion without checks (set-up, rollback on suspension).
    func runUnchecked(_ sql: String, _ handle: OpaquePointer) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    }

    /// The first column of the first row of `sql`, as text.
    private func pragmaValue(_ sql: String, _ handle: OpaquePointer) throws(SQLiteError) -> String {
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw connection.error(code, sql: sql) }
        defer { sqlite3_finalize(statement) }
        code = sqlite3_step(statement)
        guard code == SQLITE_ROW else { throw connection.error(code, sql: sql) }
        return sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? ""
    }
}

/// A connection is confined to the actor that opened it; it must never be `Sendable`.
@available(*, unavailable)
extension Database: Sendable {}
