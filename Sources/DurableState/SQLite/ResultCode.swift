import CSQLite

/// A SQLite result code: a primary code (`SQLITE_BUSY`) or an extended one
/// (`SQLITE_BUSY_SNAPSHOT`), exactly as SQLite returned it.
///
/// ```swift
/// catch let error as SQLiteError where error.resultCode == .constraint { … }
/// ```
///
/// A `Sendable` value with no owner; compare ``primary`` to match a whole family of codes.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The raw code; the low 8 bits are the primary code.
    public let rawValue: Int32

    /// Wraps a raw SQLite result code.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code of this (possibly extended) code: its low 8 bits.
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// Whether this is an extended code (it carries more than its primary code).
    public var isExtended: Bool { rawValue != rawValue & 0xFF }

    /// SQLite's English name of the code, such as `database is locked`.
    public var description: String {
        let text = sqlite3_errstr(rawValue).map { String(cString: $0) } ?? "unknown error"
        return "\(text) (code \(rawValue))"
    }

    /// `SQLITE_ERROR`: a generic error, such as an SQL syntax error or a missing table.
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    /// `SQLITE_ABORT`: an operation was aborted, for example by a rollback.
    public static let abort = ResultCode(rawValue: SQLITE_ABORT)
    /// `SQLITE_BUSY`: another connection holds a conflicting lock.
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    /// `SQLITE_LOCKED`: a conflict within the same connection (shared cache or a pending read).
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    /// `SQLITE_READONLY`: an attempt to write a read-only database.
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    /// `SQLITE_IOERR`: the operating system reported an I/O error.
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    /// `SQLITE_CORRUPT`: the database file is malformed.
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    /// `SQLITE_FULL`: the disk is full.
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    /// `SQLITE_CANTOPEN`: the database file could not be opened.
    public static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    /// `SQLITE_CONSTRAINT`: a constraint (unique, foreign key, check, not null) was violated.
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    /// `SQLITE_MISMATCH`: a data type mismatch.
    public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
    /// `SQLITE_MISUSE`: the library was used incorrectly.
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    /// `SQLITE_RANGE`: a parameter index out of range.
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    /// `SQLITE_NOTADB`: the file is not a database.
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    /// `SQLITE_CONSTRAINT_UNIQUE`: a UNIQUE constraint failed.
    public static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`: a PRIMARY KEY constraint failed.
    public static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (6 << 8))
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`: a FOREIGN KEY constraint failed.
    public static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
    /// `SQLITE_CONSTRAINT_NOTNULL`: a NOT NULL constraint failed.
    public static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | (5 << 8))
}
