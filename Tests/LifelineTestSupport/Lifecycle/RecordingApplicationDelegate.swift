import Lifecycle

/// An application delegate that records every callback as `"appDelegate <callback>"`. Owned by
/// the test (the runtime retains it too); lives on the main actor.
@MainActor
public final class RecordingApplicationDelegate: ApplicationDelegate {
    /// Where callbacks are recorded.
    public let log: LifecycleEventLog
    /// Runs inside `willFinishLaunching`, for tests that register handlers or observers there.
    public var onWillFinishLaunching: (@MainActor (LifecycleRuntime) -> Void)?
    /// Runs inside `didFinishLaunching`.
    public var onDidFinishLaunching: (@MainActor (LifecycleRuntime) -> Void)?

    /// Creates a delegate recording to `log`.
    public init(log: LifecycleEventLog) {
        self.log = log
    }

    /// Records `willFinishLaunching`.
    public func willFinishLaunching(_ runtime: LifecycleRuntime, options: LaunchOptions) {
        log.record("appDelegate willFinishLaunching")
        onWillFinishLaunching?(runtime)
    }

    /// Records `didFinishLaunching`.
    public func didFinishLaunching(_ runtime: LifecycleRuntime, options: LaunchOptions) {
        log.record("appDelegate didFinishLaunching")
        onDidFinishLaunching?(runtime)
    }

    /// Records `didDiscardSessions(<ids>)`.
    public func didDiscardSessions(_ runtime: LifecycleRuntime, sessions: [SceneSessionID]) {
        log.record("appDelegate didDiscardSessions(\(sessions.map(\.rawValue).joined(separator: ",")))")
    }

    /// Records `didReceiveMemoryWarning`.
    public func didReceiveMemoryWarning(_ runtime: LifecycleRuntime) {
        log.record("appDelegate didReceiveMemoryWarning")
    }

    /// Records `willTerminate`.
    public func willTerminate(_ runtime: LifecycleRuntime) {
        log.record("appDelegate willTerminate")
    }

    /// Records `protectedDataWillBecomeUnavailable`.
    public func protectedDataWillBecomeUnavailable(_ runtime: LifecycleRuntime) {
        log.record("appDelegate protectedDataWillBecomeUnavailable")
    }

    /// Records `protectedDataDidBecomeAvailable`.
    public func protectedDataDidBecomeAvailable(_ runtime: LifecycleRuntime) {
        log.record("appDelegate protectedDataDidBecomeAvailable")
    }
}
