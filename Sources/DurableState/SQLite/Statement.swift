import CSQLite
import Foundation

/// A prepared statement of one ``Database``.
///
/// ```swift
/// let lookup = try db.statement("SELECT title FROM book WHERE isbn = ?")
/// let title = try lookup.fetchOne([isbn]) { row in try row.decode(String.self, at: 0) }
/// ```
///
/// Get one from ``Database/statement(_:isolation:)`` (cached by SQL text) or
/// ``Database/makeStatement(_:isolation:)`` (not cached). Every run binds all of its arguments,
/// steps, and resets the statement before returning or throwing, so a statement holds no lock
/// between runs. Confined, like its database, to the actor that opened the connection (checked
/// at every entry point); not `Sendable`. Finalized when the last reference to it goes.
public final class Statement {
    /// The SQL text the statement was prepared from.
    public let sql: String
    /// The `sqlite3_stmt*`. Invariant: prepared on `connection`, finalized only in `deinit`.
    let handle: OpaquePointer
    /// The connection the statement was prepared on; kept alive by the statement.
    let connection: SQLiteConnection
    /// How many `?` parameters the statement takes.
    let parameterCount: Int
    /// True while a run is stepping (a row closure is running). Guards against re-entrant runs
    /// of the same statement from inside its own row closure, which would reset it.
    var isRunning = false
    /// Column names, read once.
    private var cachedColumnNames: [String]?

    init(sql: String, handle: OpaquePointer, connection: SQLiteConnection) {
        self.sql = sql
        self.handle = handle
        self.connection = connection
        self.parameterCount = Int(sqlite3_bind_parameter_count(handle))
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The names of the result columns, in order. Read it on the connection's actor;
    /// elsewhere the process stops.
    public var columnNames: [String] {
        if let cachedColumnNames { return cachedColumnNames }
        connection.preconditionOwnedByCurrentContext("Statement.columnNames")
        let names = (0..<sqlite3_column_count(handle)).map { index in
            sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
        }
        cachedColumnNames = names
        return names
    }

    /// Runs the statement to completion with `arguments`, ignoring any rows.
    ///
    /// - Throws: ``SQLiteError``; the statement was reset, and a failed write had no effect
    ///   (inside a transaction, the transaction decides).
    public func execute(_ arguments: StatementArguments = [], isolation: isolated (any Actor)? = #isolation) throws(SQLiteError) {
        try run(arguments, operation: "execute", isolation: isolation) { _ throws(SQLiteError) in true }
    }

    /// Every row, each decoded by `decode` while it is current.
    ///
    /// - Throws: ``SQLiteError`` from SQLite or from `decode`; the rows read so far are dropped
    ///   and the statement was reset.
    @inlinable
    public func fetchAll<T>(
        _ arguments: StatementArguments = [],
        isolation: isolated (any Actor)? = #isolation,
        _ decode: (borrowing Row) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> [T] {
        var results: [T] = []
        try run(arguments, operation: "fetchAll", isolation: isolation) { row throws(SQLiteError) in
            results.append(try decode(row))
            return true
        }
        return results
    }

    /// The first row decoded by `decode`, or `nil` if there is none. Stops after one row.
    ///
    /// - Throws: ``SQLiteError`` from SQLite or from `decode`; the statement was reset.
    @inlinable
    public func fetchOne<T>(
        _ arguments: StatementArguments = [],
        isolation: isolated (any Actor)? = #isolation,
        _ decode: (borrowing Row) throws(SQLiteError) -> T
    ) throws(SQLiteError) -> T? {
        var result: T?
        try run(arguments, operation: "fetchOne", isolation: isolation) { row throws(SQLiteError) in
            result = try decode(row)
            return false
        }
        return result
    }

    /// Binds, steps while `body` returns `true`, and resets.
    @usableFromInline
    func run(
        _ arguments: StatementArguments,
        operation: String,
        isolation: (any Actor)?,
        _ body: (borrowing Row) throws(SQLiteError) -> Bool
    ) throws(SQLiteError) {
        _ = try connection.checkedHandle(operation, sql: sql, isolation: isolation)
        guard !isRunning else {
            throw .sqlite(
                code: .misuse, message: "the statement is already running (run again from inside its own row closure)",
                sql: sql)
        }
        try bind(arguments)
        isRunning = true
        defer {
            isRunning = false
            sqlite3_reset(handle)
        }
        let generation = connection.suspensionGeneration
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw connection.error(code, sql: sql) }
            let wantsMore = try body(Row(statement: self))
            guard connection.suspensionGeneration == generation else { throw .suspended(sql: sql) }
            if !wantsMore { return }
        }
    }

    private func bind(_ arguments: StatementArguments) throws(SQLiteError) {
        guard arguments.count == parameterCount else {
            throw .wrongArgumentCount(expected: parameterCount, given: arguments.count, sql: sql)
        }
        var index: Int32 = 0
        for argument in arguments.storage {
            index += 1
            let code: Int32
            switch argument?.databaseValue ?? .null {
            case .null:
                code = sqlite3_bind_null(handle, index)
            case .integer(let integer):
                code = sqlite3_bind_int64(handle, index, integer)
            case .real(let real):
                code = sqlite3_bind_double(handle, index, real)
            case .text(var text):
                code = text.withUTF8 { bytes in
                    // A nil pointer would bind NULL: bind the empty string as "" instead.
                    guard let base = bytes.baseAddress, !bytes.isEmpty else {
                        return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
                    }
                    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { characters in
                        sqlite3_bind_text(handle, index, characters, Int32(clamping: bytes.count), sqliteTransient)
                    }
                }
            case .blob(let blob):
                code = blob.withUnsafeBytes { bytes in
                    if let base = bytes.baseAddress, !bytes.isEmpty {
                        sqlite3_bind_blob(handle, index, base, Int32(clamping: bytes.count), sqliteTransient)
                    } else {
                        sqlite3_bind_zeroblob(handle, index, 0)
                    }
                }
            }
            guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
        }
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the bind call returns.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A statement is confined to its connection's actor; it must never be `Sendable`.
@available(*, unavailable)
extension Statement: Sendable {}
