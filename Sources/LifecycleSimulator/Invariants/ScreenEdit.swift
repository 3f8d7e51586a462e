import Lifecycle

/// What a screen shows as edited and what the model beneath it holds, for
/// ``AppInvariant/screenEditsReachModel(_:)``. A `Sendable` value.
public struct ScreenEdit: Hashable, Sendable {
    /// The scene of the screen.
    public var scene: SceneSessionID
    /// What is edited, for messages (`note editor`).
    public var field: String
    /// What the screen shows.
    public var shown: String?
    /// What the model beneath the screen holds.
    public var model: String?
    /// Whether the scene is foreground-active (the user may be typing).
    public var isSceneActive: Bool

    /// Creates the description of one screen's edit.
    public init(scene: SceneSessionID, field: String, shown: String?, model: String?, isSceneActive: Bool) {
        self.scene = scene
        self.field = field
        self.shown = shown
        self.model = model
        self.isSceneActive = isSceneActive
    }
}
