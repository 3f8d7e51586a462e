import Foundation

/// An event a host delivers to ``LifecycleRuntime/handle(_:)``: the same vocabulary for the
/// process host, the simulator and the UIKit adapters.
///
/// Transitions the OS makes silently (suspension, resumption) are events too, so the runtime knows
/// the process state, but they produce no callback. A process kill is not an event: the host
/// simply stops (the simulator fences the incarnation with ``LifecycleRuntime/markKilled()``).
public enum HostEvent: Sendable, Equatable, CustomStringConvertible {
    /// The process starts: `willFinishLaunching`, `didFinishLaunching`, then discarded sessions.
    case launch(LaunchOptions)
    /// A scene connects for `session`, to the foreground (inactive) or, for a system-requested
    /// scene, the background.
    case connectScene(SceneSession, ConnectionOptions, foreground: Bool)
    /// A connected scene moves to `state` (background, foreground inactive or active); a jump is
    /// delivered as the intermediate events. Moving to `unattached` (use `disconnectScene`) or to
    /// the state the scene is in is illegal.
    case moveScene(SceneSessionID, to: SceneState)
    /// A connected scene disconnects: it moves down to the background if needed, its restoration
    /// payload is requested, then `didDisconnect`. The session survives.
    case disconnectScene(SceneSessionID)
    /// The user discarded sessions while the app runs (disconnected scenes only).
    case discardSessions([SceneSessionID])
    /// URLs opened in a connected scene.
    case openURLs([URL], in: SceneSessionID)
    /// A user activity continued in a connected scene.
    case continueActivity(UserActivity, in: SceneSessionID)
    /// A memory warning (running processes only).
    case memoryWarning
    /// The process is suspended: no callback. Only when no scene is in the foreground, no
    /// extra-time lease is held, no background task runs and no silent push awaits its completion
    /// (``LifecycleRuntime/canBeSuspended``).
    case suspend
    /// The process resumes from suspension: no callback.
    case resume
    /// The system terminates the running process: scenes still on screen first move down to the
    /// background, then `willTerminate`, then the process ends. Never sent to a suspended process.
    case terminate
    /// The system grants a submitted background task (the process must be running: resume it
    /// first). One task per identifier runs at a time.
    case runBackgroundTask(identifier: String)
    /// The system ends a running background task early; its expiration handler runs and the task
    /// has the grace period (``BackgroundBudgets/gracePeriod``) left to complete.
    case expireBackgroundTask(identifier: String)
    /// A silent push arrives with its payload.
    case silentPush([String: String])
    /// The device is locking: `protectedDataWillBecomeUnavailable` (running processes only).
    case protectedDataWillBecomeUnavailable
    /// The device was unlocked: `protectedDataDidBecomeAvailable` (running processes only).
    case protectedDataDidBecomeAvailable

    /// A short name for errors and traces.
    public var name: String {
        switch self {
        case .launch: "launch"
        case .connectScene: "connectScene"
        case .moveScene(_, let state): "moveScene(\(state))"
        case .disconnectScene: "disconnectScene"
        case .discardSessions: "discardSessions"
        case .openURLs: "openURLs"
        case .continueActivity: "continueActivity"
        case .memoryWarning: "memoryWarning"
        case .suspend: "suspend"
        case .resume: "resume"
        case .terminate: "terminate"
        case .runBackgroundTask: "runBackgroundTask"
        case .expireBackgroundTask: "expireBackgroundTask"
        case .silentPush: "silentPush"
        case .protectedDataWillBecomeUnavailable: "protectedDataWillBecomeUnavailable"
        case .protectedDataDidBecomeAvailable: "protectedDataDidBecomeAvailable"
        }
    }

    /// The event with its main arguments, for traces.
    public var description: String {
        switch self {
        case .launch(let options): "launch(\(options.reason))"
        case .connectScene(let session, _, let foreground): "connectScene(\(session.id), foreground: \(foreground))"
        case .moveScene(let id, let state): "moveScene(\(id), \(state))"
        case .disconnectScene(let id): "disconnectScene(\(id))"
        case .discardSessions(let ids): "discardSessions(\(ids.map(\.rawValue).joined(separator: ",")))"
        case .openURLs(let urls, let id): "openURLs(\(urls.map(\.absoluteString).joined(separator: ",")), \(id))"
        case .continueActivity(let activity, let id): "continueActivity(\(activity.activityType), \(id))"
        case .runBackgroundTask(let identifier): "runBackgroundTask(\(identifier))"
        case .expireBackgroundTask(let identifier): "expireBackgroundTask(\(identifier))"
        default: name
        }
    }
}
