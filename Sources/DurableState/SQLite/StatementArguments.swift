/// The values bound to a statement's `?` parameters, in order.
///
/// ```swift
/// try db.execute("INSERT INTO note (title, body) VALUES (?, ?)", [title, nil])
/// ```
///
/// A `Sendable` value. Its description shows only how many values it holds: arguments carry
/// user data and never reach logs or errors through this type.
public struct StatementArguments: Sendable, ExpressibleByArrayLiteral, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The values as given; converted to ``DatabaseValue`` only when bound, so that building
    /// arguments costs one array.
    let storage: [(any DatabaseValueConvertible)?]

    /// Arguments from values in parameter order.
    public init(_ values: [DatabaseValue]) {
        self.storage = values
    }

    /// Arguments from convertible values; `nil` binds `NULL`.
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.storage = elements
    }

    /// How many values.
    public var count: Int { storage.count }

    /// The values, in parameter order.
    public var values: [DatabaseValue] { storage.map { $0?.databaseValue ?? .null } }

    /// How many values: `[2 arguments]`. Never the values.
    public var description: String { "[\(count) argument\(count == 1 ? "" : "s")]" }
    /// Same as ``description``: never the values.
    public var debugDescription: String { description }
    /// An empty mirror, so `dump` and reflection do not print the values.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
