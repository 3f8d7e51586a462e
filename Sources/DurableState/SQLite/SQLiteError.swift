import Foundation

/// Why a ``Database`` operation failed.
///
/// Every case says what was left behind. Descriptions carry the statement's SQL (so a log line
/// says which statement failed) but never its arguments: arguments are not stored in the error
/// at all, so user data put in them cannot reach a log through an error. Keep user data out of
/// SQL text — pass it as ``StatementArguments`` — and it stays out of every description.
///
/// A closed, `Sendable` value; switch on it exhaustively.
public enum SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite reported `code` (extended, as returned) with SQLite's `message`. A failed statement
    /// was reset: it holds no lock. A failed write inside ``Database/transaction(_:isolation:_:)``
    /// is rolled back with the transaction; outside of one, the statement had no effect.
    case sqlite(code: ResultCode, message: String, sql: String?)
    /// The database is suspended (the app is in the background, see ``Database/suspend(isolation:)``):
    /// the statement was not run and nothing changed. Resume the database first.
    case suspended(sql: String?)
    /// The database's ``DataProtection`` class forbids opening it, or using it while open, in
    /// the device's current state (locked, or not yet unlocked since it booted). Nothing ran and
    /// the file is untouched; retry once the device is unlocked.
    case protectedDataUnavailable(ProtectedDataUnavailable)
    /// The database was closed: nothing ran.
    case closed(operation: String)
    /// The connection was used from another actor than the one that opened it: nothing ran.
    case wrongExecutor(operation: String)
    /// `sql` holds more than one statement; use ``Database/executeScript(_:isolation:)``. Nothing ran.
    case multipleStatements(sql: String)
    /// The statement takes `expected` arguments, `given` were passed. Nothing ran.
    case wrongArgumentCount(expected: Int, given: Int, sql: String)
    /// A column could not be decoded as `expected`: it held `found` (a storage class such as
    /// `NULL` or `TEXT`, or `no such column`). Rows already read are dropped; nothing changed.
    case decodingFailed(column: String, expected: String, found: String, sql: String)
    /// The database records migrations this app does not know: it was migrated by a newer
    /// version of the app. It was left unchanged; no migration ran.
    case unknownMigrations(identifiers: [String])
    /// Two migrations were registered under `identifier`. No migration ran.
    case duplicateMigration(identifier: String)
    /// The migration `identifier` failed with `underlying` and was rolled back; the migrations
    /// before it stay applied and recorded, those after it did not run.
    indirect case migrationFailed(identifier: String, underlying: SQLiteError)

    /// The result code SQLite reported, as returned (possibly extended), for ``sqlite(code:message:sql:)``.
    public var extendedResultCode: ResultCode? {
        switch self {
        case .sqlite(let code, _, _): code
        case .migrationFailed(_, let underlying): underlying.extendedResultCode
        default: nil
        }
    }

    /// The primary result code SQLite reported (`SQLITE_CONSTRAINT` for `SQLITE_CONSTRAINT_UNIQUE`).
    public var resultCode: ResultCode? { extendedResultCode?.primary }

    /// The SQL of the statement that failed, if the failure concerns one.
    public var sql: String? {
        switch self {
        case .sqlite(_, _, let sql), .suspended(let sql): sql
        case .multipleStatements(let sql), .wrongArgumentCount(_, _, let sql), .decodingFailed(_, _, _, let sql): sql
        case .migrationFailed(_, let underlying): underlying.sql
        case .closed, .wrongExecutor, .unknownMigrations, .duplicateMigration, .protectedDataUnavailable: nil
        }
    }

    public var description: String {
        switch self {
        case let .sqlite(code, message, sql):
            "SQLite error \(code.rawValue) (\(code.primary == code ? "" : "primary \(code.primary.rawValue), ")\(message))\(Self.statement(sql))"
        case .suspended(let sql):
            "The database is suspended while the app is in the background; nothing ran\(Self.statement(sql)). Resume it first."
        case .protectedDataUnavailable(let refusal):
            refusal.description
        case .closed(let operation):
            "Database.\(operation) called on a closed database; nothing ran"
        case .wrongExecutor(let operation):
            "Database.\(operation) called from another actor than the one that opened the connection; nothing ran"
        case .multipleStatements(let sql):
            "More than one statement in execute; use executeScript. Nothing ran\(Self.statement(sql))"
        case let .wrongArgumentCount(expected, given, sql):
            "The statement takes \(expected) arguments but \(given) were given; nothing ran\(Self.statement(sql))"
        case let .decodingFailed(column, expected, found, sql):
            "Column \(column) could not be decoded as \(expected): found \(found)\(Self.statement(sql))"
        case .unknownMigrations(let identifiers):
            "The database was migrated by a newer version of the app (unknown migrations: \(identifiers.joined(separator: ", "))); it was left unchanged"
        case .duplicateMigration(let identifier):
            "The migration \(identifier) is registered twice; no migration ran"
        case let .migrationFailed(identifier, underlying):
            "The migration \(identifier) failed and was rolled back; earlier migrations stay applied: \(underlying)"
        }
    }

    private static func statement(_ sql: String?) -> String {
        sql.map { " in `\($0)`" } ?? ""
    }
}

extension SQLiteError: LocalizedError {
    /// The same text as ``description``: SQL, codes and message, never arguments.
    public var errorDescription: String? { description }
}
