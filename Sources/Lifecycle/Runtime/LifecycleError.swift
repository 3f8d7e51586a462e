/// Why the runtime refused an event. Nothing changes when one is thrown: the runtime, its scenes
/// and its observers are left exactly as they were.
public enum LifecycleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The event is not legal for the scene in its current state.
    case illegalSceneTransition(scene: SceneSessionID, event: String, state: SceneState)
    /// The event is not legal for the process in its current state.
    case illegalProcessTransition(event: String, state: ProcessState)
    /// No connected scene has this session.
    case unknownScene(SceneSessionID, event: String)
    /// A scene with this session is already connected.
    case sceneAlreadyConnected(SceneSessionID)
    /// No background-task handler is registered under this identifier.
    case unregisteredBackgroundTask(String)
    /// A handler is already registered under this identifier.
    case duplicateBackgroundTaskRegistration(String)
    /// Background-task handlers must be registered before launch finishes.
    case registrationAfterLaunch(String)
    /// No background task with this identifier is running.
    case backgroundTaskNotRunning(String)
    /// A background task with this identifier is already running; the system runs one at a time.
    case backgroundTaskAlreadyRunning(String)

    /// What was refused and why; the runtime was left unchanged.
    public var description: String {
        switch self {
        case let .illegalSceneTransition(scene, event, state):
            "Illegal scene transition: scene \(scene) cannot handle '\(event)' in state \(state)."
        case let .illegalProcessTransition(event, state):
            "Illegal process transition: '\(event)' is not allowed while the process is \(state)."
        case let .unknownScene(scene, event):
            "Unknown scene: no connected scene has session \(scene) (event '\(event)')."
        case let .sceneAlreadyConnected(scene):
            "Scene already connected: session \(scene) already has a connected scene."
        case let .unregisteredBackgroundTask(identifier):
            "No background-task handler is registered for '\(identifier)'."
        case let .duplicateBackgroundTaskRegistration(identifier):
            "A background-task handler is already registered for '\(identifier)'."
        case let .registrationAfterLaunch(identifier):
            "Background-task handler '\(identifier)' must be registered before launch finishes."
        case let .backgroundTaskNotRunning(identifier):
            "No background task '\(identifier)' is running."
        case let .backgroundTaskAlreadyRunning(identifier):
            "Background task '\(identifier)' is already running; it was not started again."
        }
    }
}
