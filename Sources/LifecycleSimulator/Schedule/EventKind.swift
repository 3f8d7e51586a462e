/// The kinds of ``SimulationEvent`` a swarm configuration enables and weighs, plus
/// ``mutatedRestoration`` (connect with a damaged payload). A `Codable` value.
public enum EventKind: String, Hashable, Codable, Sendable, CaseIterable, Comparable {
    case launch, connectScene, mutatedRestoration, disconnectScene, discardSession
    case activate, resignActive, enterBackground, enterForeground, openLink, userAction
    case suspend, kill, powerLoss, crashDuringNextStep, terminate, memoryWarning
    case grantBackgroundTask, expireBackgroundTask, expireExtraTime, silentPush
    case advance, clockJump, corruptFile

    /// Kinds every swarm configuration keeps: without them nothing happens.
    public static let essential: Set<EventKind> = [.launch, .userAction, .advance]

    public static func < (lhs: EventKind, rhs: EventKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension SimulationEvent {
    /// The kind this event belongs to.
    public var kind: EventKind {
        switch self {
        case .launch: .launch
        case .connectScene(_, _, let restoration): restoration == nil ? .connectScene : .mutatedRestoration
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
        }
    }
}
