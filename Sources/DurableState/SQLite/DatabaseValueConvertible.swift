import Foundation

/// A Swift type that can be bound as a statement argument and decoded from a column.
///
/// ```swift
/// try db.execute("INSERT INTO book (title, year) VALUES (?, ?)", [title, year])
/// let years = try db.fetchAll("SELECT year FROM book") { row in try row.decode(Int.self, at: 0) }
/// ```
///
/// `Int`, `Int64`, `Int32`, `Double`, `Bool`, `String`, `Data`, ``DatabaseValue`` and optionals
/// of them conform. Conformances are `Sendable` values.
public protocol DatabaseValueConvertible: Sendable {
    /// The value to bind.
    var databaseValue: DatabaseValue { get }

    /// Decodes a stored value, or `nil` if `value` does not represent this type.
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
}

extension DatabaseValue: DatabaseValueConvertible {
    /// The value itself.
    public var databaseValue: DatabaseValue { self }

    /// The value itself: every stored value is a ``DatabaseValue``.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
}

extension Int64: DatabaseValueConvertible {
    /// `INTEGER`.
    public var databaseValue: DatabaseValue { .integer(self) }

    /// An `INTEGER` value.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
        if case .integer(let integer) = value { integer } else { nil }
    }
}

extension Int: DatabaseValueConvertible {
    /// `INTEGER`.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// An `INTEGER` value that fits.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int? {
        if case .integer(let integer) = value { Int(exactly: integer) } else { nil }
    }
}

extension Int32: DatabaseValueConvertible {
    /// `INTEGER`.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// An `INTEGER` value that fits.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int32? {
        if case .integer(let integer) = value { Int32(exactly: integer) } else { nil }
    }
}

extension Bool: DatabaseValueConvertible {
    /// `INTEGER` 1 or 0.
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }

    /// An `INTEGER` value: zero is `false`, anything else `true`.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        if case .integer(let integer) = value { integer != 0 } else { nil }
    }
}

extension Double: DatabaseValueConvertible {
    /// `REAL`.
    public var databaseValue: DatabaseValue { .real(self) }

    /// A `REAL` value, or an `INTEGER` one converted (expressions such as `sum()` over a REAL
    /// column may yield integers).
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case .real(let real): real
        case .integer(let integer): Double(integer)
        default: nil
        }
    }
}

extension String: DatabaseValueConvertible {
    /// `TEXT`.
    public var databaseValue: DatabaseValue { .text(self) }

    /// A `TEXT` value.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        if case .text(let text) = value { text } else { nil }
    }
}

extension Data: DatabaseValueConvertible {
    /// `BLOB`.
    public var databaseValue: DatabaseValue { .blob(self) }

    /// A `BLOB` value.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
        if case .blob(let blob) = value { blob } else { nil }
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// `NULL` for `nil`, else the wrapped value's.
    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }

    /// `nil` (decoded) for `NULL`; the wrapped type's decoding otherwise.
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        return Wrapped.fromDatabaseValue(value).map { .some($0) }
    }
}
