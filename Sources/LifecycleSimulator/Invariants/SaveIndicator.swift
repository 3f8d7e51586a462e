/// A save indicator and what is left to write, for ``AppInvariant/savedMeansWritten(_:)``.
/// A `Sendable` value.
public struct SaveIndicator: Hashable, Sendable {
    /// The value, for messages (`the note on emma`).
    public var name: String
    /// Whether the indicator says saved.
    public var saysSaved: Bool
    /// Whether an edit has not reached storage.
    public var hasUnwrittenChanges: Bool

    /// Describes one indicator.
    public init(name: String, saysSaved: Bool, hasUnwrittenChanges: Bool) {
        self.name = name
        self.saysSaved = saysSaved
        self.hasUnwrittenChanges = hasUnwrittenChanges
    }
}
