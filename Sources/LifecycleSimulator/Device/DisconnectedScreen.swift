import DurableState
import Lifecycle

/// A screen of a scene that disconnected, held weakly until the final check, which requires it to
/// be gone (``Violation/Kind/screenOutlivedScene``). A value kept by a ``ProcessIncarnation``;
/// main actor.
@MainActor
struct DisconnectedScreen {
    /// The screen's view model; `nil` once it is released, as it should be.
    weak var screen: AnyObject?
    /// The scene it was registered in.
    let scene: SceneSessionID
    /// The step during which the scene disconnected.
    let step: Int
}
