/// An application-level event, in UIKit's vocabulary. Phase events are derived from the scenes'
/// aggregate phase, as UIKit posts its application notifications.
public enum ApplicationEvent: Sendable, Equatable, CustomStringConvertible {
    /// `application(_:willFinishLaunchingWithOptions:)`.
    case willFinishLaunching
    /// `application(_:didFinishLaunchingWithOptions:)`.
    case didFinishLaunching
    /// The aggregate phase went from background to inactive.
    case willEnterForeground
    /// The aggregate phase became active.
    case didBecomeActive
    /// The aggregate phase left active.
    case willResignActive
    /// The aggregate phase became background.
    case didEnterBackground
    /// `application(_:didDiscardSceneSessions:)`, possibly at the launch after the discard.
    case didDiscardSessions([SceneSessionID])
    /// `applicationDidReceiveMemoryWarning(_:)`.
    case didReceiveMemoryWarning
    /// `applicationWillTerminate(_:)`: only while running, never from suspension.
    case willTerminate
    /// `applicationProtectedDataWillBecomeUnavailable(_:)`: the device is locking, and files and
    /// Keychain items of the `complete` classes are about to close (DurableState's
    /// `DataProtection`). Close them, finish writing them, or expect "protected data is
    /// unavailable" until ``protectedDataDidBecomeAvailable``.
    case protectedDataWillBecomeUnavailable
    /// `applicationProtectedDataDidBecomeAvailable(_:)`: the user unlocked the device; protected
    /// files and Keychain items can be read again — retry what was refused.
    case protectedDataDidBecomeAvailable

    /// The event that moves the aggregate phase one step from `phase` toward `target`, or `nil`
    /// when they are equal.
    static func phaseEvent(from phase: ScenePhase, toward target: ScenePhase) -> ApplicationEvent? {
        if target > phase { return phase == .background ? .willEnterForeground : .didBecomeActive }
        if target < phase { return phase == .active ? .willResignActive : .didEnterBackground }
        return nil
    }

    /// The event's name, with the discarded sessions.
    public var description: String {
        switch self {
        case .willFinishLaunching: "willFinishLaunching"
        case .didFinishLaunching: "didFinishLaunching"
        case .willEnterForeground: "willEnterForeground"
        case .didBecomeActive: "didBecomeActive"
        case .willResignActive: "willResignActive"
        case .didEnterBackground: "didEnterBackground"
        case .didDiscardSessions(let ids): "didDiscardSessions(\(ids.map(\.rawValue).joined(separator: ",")))"
        case .didReceiveMemoryWarning: "didReceiveMemoryWarning"
        case .willTerminate: "willTerminate"
        case .protectedDataWillBecomeUnavailable: "protectedDataWillBecomeUnavailable"
        case .protectedDataDidBecomeAvailable: "protectedDataDidBecomeAvailable"
        }
    }
}
