/// What the runtime asks of its host: the process host, the simulator or the UIKit adapter.
///
/// The host drives the runtime with ``HostEvent``s through ``LifecycleRuntime/handle(_:)``; the
/// runtime calls back through this protocol for what only the system can do. The host owns the
/// runtime; the runtime keeps a weak reference to it. Lives on the main actor.
@MainActor
public protocol LifecycleHost: AnyObject {
    /// Background time budgets this host enforces.
    var budgets: BackgroundBudgets { get }
    /// A background-task request was submitted; the host grants it (later, with
    /// ``HostEvent/runBackgroundTask(identifier:)``) or not, at its discretion.
    func submit(_ request: BackgroundTaskRequest)
    /// A pending request was cancelled by the app.
    func cancelBackgroundTaskRequest(identifier: String)
    /// The app asks for a new scene (a window) with these options.
    func requestSceneActivation(_ options: ConnectionOptions)
    /// The app asks to close the scene of `session`.
    func requestSceneDestruction(_ session: SceneSessionID)
    /// Background time ran out for `work` (`background task 'refresh'`, `extra-time lease 'upload'`,
    /// `silent push`) and it had not ended within the grace period after its expiration handler:
    /// iOS's watchdog kills the process now. The runtime then ends the task or lease itself.
    func backgroundTimeOverran(_ work: String)
    /// The app is in the background and `work` (named as in ``backgroundTimeOverran(_:)``) was the
    /// last background time it held: iOS suspends the process now, with no callback. Work that
    /// still runs from here on runs after the app's background time ended. `scope` is the ended
    /// background task's scope (its tasks, cancelled now, are what may still unwind of it), `nil`
    /// for a lease or a silent push.
    func backgroundTimeEnded(after work: String, scope: TaskScope?)
    /// An extra-time lease began; a platform host asks the system for the time
    /// (`beginBackgroundTask`).
    func extraTimeBegan(_ lease: ExtraTimeLease)
    /// An extra-time lease ended (by the app or at its deadline); the host returns the time.
    func extraTimeEnded(_ lease: ExtraTimeLease)
}

extension LifecycleHost {
    /// Does nothing: the request is never granted.
    public func submit(_ request: BackgroundTaskRequest) {}
    /// Does nothing.
    public func cancelBackgroundTaskRequest(identifier: String) {}
    /// Does nothing: no scene is created.
    public func requestSceneActivation(_ options: ConnectionOptions) {}
    /// Does nothing.
    public func requestSceneDestruction(_ session: SceneSessionID) {}
    /// Does nothing.
    public func backgroundTimeOverran(_ work: String) {}
    /// Does nothing.
    public func backgroundTimeEnded(after work: String, scope: TaskScope?) {}
    /// Does nothing.
    public func extraTimeBegan(_ lease: ExtraTimeLease) {}
    /// Does nothing.
    public func extraTimeEnded(_ lease: ExtraTimeLease) {}
}
