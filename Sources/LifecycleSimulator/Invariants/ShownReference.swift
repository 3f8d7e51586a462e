import Lifecycle

/// A record a scene shows by identifier, for ``AppInvariant/shownRecordsExist(_:)``.
/// A `Sendable` value.
public struct ShownReference: Hashable, Sendable {
    /// The scene that shows it.
    public var scene: SceneSessionID
    /// Where it shows (`selection`, `path`).
    public var field: String
    /// The record's identifier.
    public var id: String
    /// Whether the record exists.
    public var exists: Bool

    /// Describes one reference.
    public init(scene: SceneSessionID, field: String, id: String, exists: Bool) {
        self.scene = scene
        self.field = field
        self.id = id
        self.exists = exists
    }
}
