/// Delegate-style application callbacks in UIKit's vocabulary; every method has an empty default.
///
/// Keep it slim: configure app-wide services and register background-task handlers. Retained by
/// the ``LifecycleRuntime``; lives on the main actor.
@MainActor
public protocol ApplicationDelegate: AnyObject {
    /// Launch has begun; nothing expensive belongs here.
    func willFinishLaunching(_ runtime: LifecycleRuntime, options: LaunchOptions)
    /// Launch has finished; register background-task handlers here at the latest.
    func didFinishLaunching(_ runtime: LifecycleRuntime, options: LaunchOptions)
    /// Sessions were discarded (possibly while the app was not running): delete their state.
    func didDiscardSessions(_ runtime: LifecycleRuntime, sessions: [SceneSessionID])
    /// Memory is short: purge caches.
    func didReceiveMemoryWarning(_ runtime: LifecycleRuntime)
    /// The process is about to end; only sent while running, with a few seconds to return.
    func willTerminate(_ runtime: LifecycleRuntime)
    /// The device is locking: protected files and Keychain items are about to close
    /// (`applicationProtectedDataWillBecomeUnavailable(_:)`).
    func protectedDataWillBecomeUnavailable(_ runtime: LifecycleRuntime)
    /// The device was unlocked: protected data can be read again
    /// (`applicationProtectedDataDidBecomeAvailable(_:)`).
    func protectedDataDidBecomeAvailable(_ runtime: LifecycleRuntime)
}

extension ApplicationDelegate {
    /// Does nothing.
    public func willFinishLaunching(_ runtime: LifecycleRuntime, options: LaunchOptions) {}
    /// Does nothing.
    public func didFinishLaunching(_ runtime: LifecycleRuntime, options: LaunchOptions) {}
    /// Does nothing.
    public func didDiscardSessions(_ runtime: LifecycleRuntime, sessions: [SceneSessionID]) {}
    /// Does nothing.
    public func didReceiveMemoryWarning(_ runtime: LifecycleRuntime) {}
    /// Does nothing.
    public func willTerminate(_ runtime: LifecycleRuntime) {}
    /// Does nothing.
    public func protectedDataWillBecomeUnavailable(_ runtime: LifecycleRuntime) {}
    /// Does nothing.
    public func protectedDataDidBecomeAvailable(_ runtime: LifecycleRuntime) {}
}
