/// The size of the terminal window in character cells. A `Sendable` value.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    /// Number of columns.
    public var columns: Int
    /// Number of rows.
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size as `COLUMNSxROWS`.
    public var description: String { "\(columns)x\(rows)" }
}
