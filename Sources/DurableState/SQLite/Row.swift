import CSQLite
import Foundation

/// The current row of a running ``Statement``, lent to a row closure.
///
/// ```swift
/// let books = try db.fetchAll("SELECT id, title, year FROM book") { row in
///     Book(id: try row.decode(at: 0), title: try row.decode(at: 1), year: try row.decode(Int?.self, at: 2))
/// }
/// ```
///
/// A `Row` is non-copyable and only ever borrowed: it cannot escape its closure, so it can read
/// the statement's columns directly without copying them first. Copy what you need
/// (``values``, or decoded values) inside the closure. Confined to the connection's actor.
public struct Row: ~Copyable {
    /// The running statement whose current row this is.
    @usableFromInline let statement: Statement

    @usableFromInline
    init(statement: Statement) {
        self.statement = statement
    }

    /// How many columns the row has.
    public var count: Int { Int(sqlite3_column_count(statement.handle)) }

    /// The column names, in order.
    public var columnNames: [String] { statement.columnNames }

    /// The value of column `index` (from 0), or `NULL` if there is no such column.
    public subscript(index: Int) -> DatabaseValue {
        guard index >= 0, index < count else { return .null }
        let handle = statement.handle
        let column = Int32(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, column) else { return .text("") }
            let length = Int(sqlite3_column_bytes(handle, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            guard let blob = sqlite3_column_blob(handle, column) else { return .blob(Data()) }
            return .blob(Data(bytes: blob, count: Int(sqlite3_column_bytes(handle, column))))
        default:
            return .null
        }
    }

    /// The value of the column named `name` (the first one if several share it), or `nil`.
    public subscript(name: String) -> DatabaseValue? {
        columnNames.firstIndex(of: name).map { self[$0] }
    }

    /// Every value of the row, in column order: a copy that may outlive the closure.
    public var values: [DatabaseValue] {
        (0..<count).map { self[$0] }
    }

    /// Column `index` (from 0) decoded as `T`.
    ///
    /// - Throws: ``SQLiteError/decodingFailed(column:expected:found:sql:)`` if there is no such
    ///   column or its value is not a `T` (a `NULL` decodes only as an optional). The message
    ///   names the storage class found, never the value.
    @inlinable
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, at index: Int) throws(SQLiteError) -> T {
        guard index >= 0, index < count else {
            throw .decodingFailed(column: "#\(index)", expected: "\(T.self)", found: "no such column", sql: statement.sql)
        }
        let value = self[index]
        guard let decoded = T.fromDatabaseValue(value) else {
            throw .decodingFailed(column: "#\(index)", expected: "\(T.self)", found: value.storageClass, sql: statement.sql)
        }
        return decoded
    }

    /// The column named `name` decoded as `T`.
    ///
    /// - Throws: ``SQLiteError/decodingFailed(column:expected:found:sql:)`` if there is no such
    ///   column or its value is not a `T`.
    @inlinable
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, named name: String) throws(SQLiteError) -> T {
        guard let index = columnNames.firstIndex(of: name) else {
            throw .decodingFailed(column: name, expected: "\(T.self)", found: "no such column", sql: statement.sql)
        }
        let value = self[index]
        guard let decoded = T.fromDatabaseValue(value) else {
            throw .decodingFailed(column: name, expected: "\(T.self)", found: value.storageClass, sql: statement.sql)
        }
        return decoded
    }
}
