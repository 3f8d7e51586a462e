/// The size of the terminal in character cells. A `Sendable` value.
public struct ScreenSize: Hashable, Sendable {
    /// Columns.
    public var columns: Int
    /// Rows.
    public var rows: Int

    /// Creates a size; at least 20 × 8 cells are assumed.
    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 20)
        self.rows = max(rows, 8)
    }

    /// The classic 80 × 24 terminal.
    public static let standard = ScreenSize(columns: 80, rows: 24)
}
