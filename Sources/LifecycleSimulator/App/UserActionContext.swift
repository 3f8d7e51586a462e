import DurableState
import Lifecycle
import LifelineHistory

/// Where a user action happens: the incarnation, the active scene the user touches and the
/// environment. Valid only during the call it is passed to; main actor.
@MainActor
public struct UserActionContext<Incarnation: AnyObject> {
    /// The app's object graph in the running process.
    public let incarnation: Incarnation
    /// The active scene the user acts in.
    public let scene: LifecycleScene
    /// The environment of the running process.
    public let environment: SimulationEnvironment

    /// The newest screen of type `Screen` open in the scene (registered with
    /// ``SimulationEnvironment/screens``), if any.
    public func screen<Screen: VisibleValues>(_ type: Screen.Type) -> Screen? {
        environment.screens.screen(type, in: scene.id)
    }
}
