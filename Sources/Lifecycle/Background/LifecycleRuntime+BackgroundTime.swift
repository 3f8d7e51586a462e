/// The rule that decides when a backgrounded app may still run (LIFECYCLE.md's background time):
/// in the background the app runs only while it holds background time — a running background
/// task (until it completes, or until the grace period after its expiration ends), an extra-time
/// lease (until it ends) or a silent push awaiting its completion. When the last of them ends
/// while no scene is in the foreground, the host is told (``LifecycleHost/backgroundTimeEnded(after:scope:)``):
/// iOS suspends the process then, with no callback, and any work still running from that moment
/// runs after the app's background time ended.
extension LifecycleRuntime {
    /// Whether the app holds background time: a running background task, an extra-time lease or
    /// a silent push whose completion has not been called. (In the foreground the app runs
    /// regardless; ``canBeSuspended`` combines both.)
    public var holdsBackgroundTime: Bool {
        !runningBackgroundTasks.isEmpty || !activeLeases.isEmpty || !pendingSilentPushes.isEmpty
    }

    /// Tells the host that `work` (as ``BackgroundWork`` describes it; a task's `scope`) was the
    /// last background time of an app in the background, if it was.
    func reportIfBackgroundTimeEnded(after work: String, scope: TaskScope? = nil) {
        guard processState == .running, suspensionBlocker() == nil else { return }
        host?.backgroundTimeEnded(after: work, scope: scope)
    }
}

/// One piece of background time, named as the runtime reports it to its host
/// (``LifecycleHost/backgroundTimeOverran(_:)``, ``LifecycleHost/backgroundTimeEnded(after:scope:)``):
/// `background task 'refresh'`, `extra-time lease 'upload'`, `silent push`. A value.
enum BackgroundWork: CustomStringConvertible {
    case task(String)
    case lease(String)
    case silentPush

    var description: String {
        switch self {
        case .task(let identifier): "background task '\(identifier)'"
        case .lease(let name): "extra-time lease '\(name)'"
        case .silentPush: "silent push"
        }
    }
}
