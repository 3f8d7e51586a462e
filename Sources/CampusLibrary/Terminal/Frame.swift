/// One rendered screen: exactly `size.rows` lines, none wider than `size.columns`, and where the
/// cursor goes. Views are pure functions from view-model state to frames. A `Sendable` value.
public struct Frame: Hashable, Sendable {
    /// The lines, top to bottom.
    public var lines: [String]
    /// The cursor's position (row, column), or `nil` to hide it.
    public var cursor: Cursor?

    /// A cursor position, zero-based.
    public struct Cursor: Hashable, Sendable {
        /// The row.
        public var row: Int
        /// The column.
        public var column: Int

        /// Creates a position.
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    /// Creates a frame of `size` from `lines`, padding or cutting them to fit.
    public init(lines: [String], size: ScreenSize, cursor: Cursor? = nil) {
        var fitted = lines.prefix(size.rows).map { TextLayout.fit($0, width: size.columns) }
        while fitted.count < size.rows { fitted.append("") }
        self.lines = fitted
        self.cursor = cursor
    }

    /// The whole frame as text, one line per row, for tests and logs.
    public var text: String { lines.joined(separator: "\n") }
}
