/// The kinds of ``SimulationEvent`` a swarm configuration enables and weighs, plus
/// ``mutatedRestoration`` (connect with a damaged payload), ``serviceOutage`` (a remote
/// service going down and coming back) and ``diskFull`` (the device's storage filling up and
/// having room again). A `Codable` value.
public enum EventKind: String, Hashable, Codable, Sendable, CaseIterable, Comparable {
    // Each case is the kind of the ``SimulationEvent`` case of the same name.

    /// Launch, connect with the saved payload, connect with a damaged payload, disconnect, discard.
    case launch, connectScene, mutatedRestoration, disconnectScene, discardSession
    /// Scene transitions, deep links and the app's user actions.
    case activate, resignActive, enterBackground, enterForeground, openLink, userAction
    /// Process-level events and faults.
    case suspend, kill, powerLoss, crashDuringNextStep, terminate, memoryWarning
    /// Background execution.
    case grantBackgroundTask, expireBackgroundTask, expireExtraTime, silentPush
    /// Time and storage damage.
    case advance, clockJump, corruptFile
    /// A remote service going down, or coming back (``SimulationEvent/serviceDown(service:failing:)``,
    /// ``SimulationEvent/serviceUp(service:)``).
    case serviceOutage
    /// The device's storage filling up, or having room again (``SimulationEvent/diskFull``,
    /// ``SimulationEvent/diskFreed``).
    case diskFull
    /// The device locking, unlocking and rebooting, and the system prewarming the app
    /// (``SimulationEvent/lock``, ``SimulationEvent/unlock``, ``SimulationEvent/reboot``,
    /// ``SimulationEvent/prewarm``): generated only with ``SimulationOptions/deviceLocks``.
    case deviceLock
    /// The app's next version installed (``SimulationEvent/updateApp``); drawn only for an app
    /// with versions to update to.
    case appUpdate

    /// Kinds every swarm configuration keeps: without them nothing happens.
    public static let essential: Set<EventKind> = [.launch, .userAction, .advance]

    /// Every kind, as a set (the default of ``SwarmConfiguration/random(_:kinds:)``).
    public static let all = Set(allCases)

    public static func < (lhs: EventKind, rhs: EventKind) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The kind's position in `allCases`: where ``SwarmConfiguration`` keeps its weight.
    var position: Int {
        switch self {
        case .launch: 0
        case .connectScene: 1
        case .mutatedRestoration: 2
        case .disconnectScene: 3
        case .discardSession: 4
        case .activate: 5
        case .resignActive: 6
        case .enterBackground: 7
        case .enterForeground: 8
        case .openLink: 9
        case .userAction: 10
        case .suspend: 11
        case .kill: 12
        case .powerLoss: 13
        case .crashDuringNextStep: 14
        case .terminate: 15
        case .memoryWarning: 16
        case .grantBackgroundTask: 17
        case .expireBackgroundTask: 18
        case .expireExtraTime: 19
        case .silentPush: 20
        case .advance: 21
        case .clockJump: 22
        case .corruptFile: 23
        case .serviceOutage: 24
        case .diskFull: 25
        case .deviceLock: 26
        case .appUpdate: 27
        }
    }
}

extension SimulationEvent {
    /// The kind this event belongs to.
    public var kind: EventKind {
        switch self {
        case .launch: .launch
        case .connectScene(_, _, let restoration): restoration == nil ? .connectScene : .mutatedRestoration
        case .connectSceneWithLink: .openLink
        case .disconnectScene: .disconnectScene
        case .discardSession: .discardSession
        case .activate: .activate
        case .resignActive: .resignActive
        case .enterBackground: .enterBackground
        case .enterForeground: .enterForeground
        case .openLink: .openLink
        case .userAction: .userAction
        case .suspend: .suspend
        case .kill: .kill
        case .powerLoss: .powerLoss
        case .crashDuringNextStep: .crashDuringNextStep
        case .terminate: .terminate
        case .memoryWarning: .memoryWarning
        case .grantBackgroundTask: .grantBackgroundTask
        case .expireBackgroundTask: .expireBackgroundTask
        case .expireExtraTime: .expireExtraTime
        case .silentPush: .silentPush
        case .advance: .advance
        case .clockJump: .clockJump
        case .corruptFile: .corruptFile
        case .serviceDown, .serviceUp: .serviceOutage
        case .diskFull, .diskFreed: .diskFull
        case .lock, .unlock, .reboot, .prewarm: .deviceLock
        case .updateApp: .appUpdate
        }
    }
}
