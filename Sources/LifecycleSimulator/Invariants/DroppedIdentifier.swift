import Lifecycle

/// An identifier the app itself took out of a scene's restorable state (a restored selection, a
/// screen on the navigation stack) because a lookup did not find its record, for
/// ``AppInvariant/restorableIdsSurviveTransientFailures(_:)``. A `Sendable` value made by the
/// app's adapter, which knows the truth: the data of the services it simulates.
public struct DroppedIdentifier: Hashable, Sendable {
    /// The scene whose state lost the identifier.
    public var scene: SceneSessionID
    /// Where it was (`selection`, `path`).
    public var field: String
    /// The record's identifier.
    public var id: String
    /// Whether the record exists at its source: what the source would have answered, not what
    /// the app made of its answer.
    public var recordExists: Bool
    /// How the last request for the record failed, if it did (`no answer within 10 s`), for the
    /// message.
    public var lookupFailure: String?

    /// Describes one identifier dropped.
    public init(scene: SceneSessionID, field: String, id: String, recordExists: Bool, lookupFailure: String? = nil) {
        self.scene = scene
        self.field = field
        self.id = id
        self.recordExists = recordExists
        self.lookupFailure = lookupFailure
    }
}
