import Lifecycle

extension ScheduleGenerator {
    /// A ``SimulationEvent`` with every parameter known when it is offered, without references:
    /// a background-task identifier is an index into the step's identifiers.
    enum FixedEvent {
        case launch(LaunchKind)
        case connectSceneWithLink(scene: Int, link: Int, asActivity: Bool)
        case disconnectScene(scene: Int)
        case discardSession(scene: Int)
        case activate(scene: Int)
        case resignActive(scene: Int)
        case enterBackground(scene: Int)
        case enterForeground(scene: Int)
        case openLink(scene: Int, link: Int)
        case suspend
        case kill
        case terminate
        case memoryWarning
        case expireExtraTime
        case silentPush
        case grantBackgroundTask(identifier: Int)
        case expireBackgroundTask(identifier: Int)
        case diskFull
        case diskFreed

        /// The kind of ``event(identifiers:)`` (the same as its `kind`), without building it.
        var kind: EventKind {
            switch self {
            case .launch: .launch
            case .connectSceneWithLink: .openLink
            case .disconnectScene: .disconnectScene
            case .discardSession: .discardSession
            case .activate: .activate
            case .resignActive: .resignActive
            case .enterBackground: .enterBackground
            case .enterForeground: .enterForeground
            case .openLink: .openLink
            case .suspend: .suspend
            case .kill: .kill
            case .terminate: .terminate
            case .memoryWarning: .memoryWarning
            case .expireExtraTime: .expireExtraTime
            case .silentPush: .silentPush
            case .grantBackgroundTask: .grantBackgroundTask
            case .expireBackgroundTask: .expireBackgroundTask
            case .diskFull, .diskFreed: .diskFull
            }
        }

        /// Whether ``event(identifiers:)`` is legal in `run` (`run.isLegal` of it, by the same
        /// rule functions, without building the event).
        @MainActor
        func isLegal(in run: SimulationRun, identifiers: [String]) -> Bool {
            switch self {
            case .launch(let kind): run.canLaunch(kind)
            case let .connectSceneWithLink(scene, link, _): run.canConnectWithLink(scene, link: link)
            case .disconnectScene(let scene): run.canDisconnect(scene)
            case .discardSession(let scene): run.canDiscardSession(scene)
            case .activate(let scene): run.canActivate(run.sceneState(scene))
            case .resignActive(let scene): run.canResignActive(run.sceneState(scene))
            case .enterBackground(let scene): run.canEnterBackground(run.sceneState(scene))
            case .enterForeground(let scene): run.canEnterForeground(run.sceneState(scene))
            case let .openLink(scene, link): run.canOpenLink(run.sceneState(scene), link: link)
            case .suspend: run.canSuspend
            case .kill: run.canKill
            case .terminate: run.canTerminate
            case .memoryWarning: run.canWarnOfMemory
            case .expireExtraTime: run.canExpireExtraTime
            case .silentPush: run.canPushSilently
            case .grantBackgroundTask(let index): run.canGrantBackgroundTask(identifiers[index])
            case .expireBackgroundTask(let index): run.canExpireBackgroundTask(identifiers[index])
            case .diskFull: !run.context.isDiskFull
            case .diskFreed: run.context.isDiskFull
            }
        }

        /// The event, with `identifiers` holding the identifiers the indices refer to.
        func event(identifiers: [String]) -> SimulationEvent {
            switch self {
            case .launch(let kind): .launch(kind)
            case let .connectSceneWithLink(scene, link, asActivity):
                .connectSceneWithLink(scene: scene, link: link, asActivity: asActivity)
            case .disconnectScene(let scene): .disconnectScene(scene: scene)
            case .discardSession(let scene): .discardSession(scene: scene)
            case .activate(let scene): .activate(scene: scene)
            case .resignActive(let scene): .resignActive(scene: scene)
            case .enterBackground(let scene): .enterBackground(scene: scene)
            case .enterForeground(let scene): .enterForeground(scene: scene)
            case let .openLink(scene, link): .openLink(scene: scene, link: link)
            case .suspend: .suspend
            case .kill: .kill
            case .terminate: .terminate
            case .memoryWarning: .memoryWarning
            case .expireExtraTime: .expireExtraTime
            case .silentPush: .silentPush
            case .grantBackgroundTask(let index): .grantBackgroundTask(identifier: identifiers[index])
            case .expireBackgroundTask(let index): .expireBackgroundTask(identifier: identifiers[index])
            case .diskFull: .diskFull
            case .diskFreed: .diskFreed
            }
        }
    }
}
