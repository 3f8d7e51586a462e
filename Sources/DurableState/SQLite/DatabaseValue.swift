import Foundation

/// One SQLite value in one of SQLite's five storage classes.
///
/// ```swift
/// let value: DatabaseValue = .text("Ada")
/// ```
///
/// A `Sendable` value with no owner. It may hold user data: log it only as `<private>`.
public enum DatabaseValue: Sendable, Hashable {
    /// `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob(Data)

    /// The name of the storage class, as SQLite's `typeof()` spells it in upper case.
    public var storageClass: String {
        switch self {
        case .null: "NULL"
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        }
    }

    /// Whether the value is `NULL`.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }
}
