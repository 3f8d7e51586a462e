import Lifecycle

/// A view model on one scene's screens, for ``AppInvariant/oneScenePerScreenModel(_:)``.
/// A value made on the main actor by the app's adapter.
public struct ScreenModel {
    /// The scene whose screen shows the model.
    public var scene: SceneSessionID
    /// What the model is to the scene, for messages (`search`, `note editor`).
    public var role: String
    /// The model.
    public var model: AnyObject

    /// Names `model`, shown as `role` in `scene`.
    public init(scene: SceneSessionID, role: String, model: AnyObject) {
        self.scene = scene
        self.role = role
        self.model = model
    }
}
