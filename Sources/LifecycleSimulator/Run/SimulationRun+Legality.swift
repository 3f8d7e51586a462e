import Foundation
import Lifecycle

/// The device's model of the lifecycle state machine: the precondition of every event. The
/// generator only proposes legal events and a replay skips illegal ones; the runtime's own
/// validation is the second oracle (a refusal is reported as a generator bug).
extension SimulationRun {
    func isLegal(_ event: SimulationEvent) -> Bool {
        switch event {
        case .launch(let kind):
            return canLaunch(kind)
        case let .connectScene(slot, _, restoration):
            guard let restoration else {
                return isAlive && (1...options.maxScenes).contains(slot) && !hasScene(slot)
            }
            guard canConnectWithDamagedRestoration(slot) else { return false }
            if case .app(let index, _) = restoration { return app.restorationMutations.indices.contains(index) }
            return true
        case let .connectSceneWithLink(slot, link, _):
            return canConnectWithLink(slot, link: link)
        case .disconnectScene(let slot):
            return canDisconnect(slot)
        case .discardSession(let slot):
            return canDiscardSession(slot)
        case .activate(let slot):
            return canActivate(sceneState(slot))
        case .resignActive(let slot):
            return canResignActive(sceneState(slot))
        case .enterBackground(let slot):
            return canEnterBackground(sceneState(slot))
        case .enterForeground(let slot):
            return canEnterForeground(sceneState(slot))
        case let .openLink(slot, link):
            return canOpenLink(sceneState(slot), link: link)
        case let .userAction(name, slot, _):
            guard isRunning, let current, let appIncarnation = current.app,
                  let scene = scene(slot), scene.state == .foregroundActive,
                  let action = app.action(named: name)
            else { return false }
            return action.isEnabled(appIncarnation, scene, current.environment)
        case .suspend:
            return canSuspend
        case .kill:
            return canKill
        case .powerLoss:
            return true
        case .crashDuringNextStep(let operation, _):
            // Armed while the process is not running, it crashes the launch that follows.
            return operation >= 1 && armedForNextStep == nil
        case .terminate:
            return canTerminate
        case .memoryWarning:
            return canWarnOfMemory
        case .grantBackgroundTask(let identifier):
            return canGrantBackgroundTask(identifier)
        case .expireBackgroundTask(let identifier):
            return canExpireBackgroundTask(identifier)
        case .expireExtraTime:
            return canExpireExtraTime
        case .silentPush:
            return canPushSilently
        case .advance(let milliseconds):
            return milliseconds > 0
        case .clockJump(let hours):
            return hours > 0
        case .corruptFile:
            return current == nil && !damageableFiles().isEmpty
        case .serviceDown(let service, _):
            return context.outages[service] == nil
        case .serviceUp(let service):
            return context.outages[service] != nil
        case .diskFull:
            return !context.isDiskFull
        case .diskFreed:
            return context.isDiskFull
        }
    }

    // The rules of the events the generator offers most, one function each: `isLegal(_:)` and
    // the generator's reference-free offers (`ScheduleGenerator.FixedEvent`) both call them, so
    // an offer is checked without building (and destroying) a `SimulationEvent`, by the same rule.
    // The scene events' rules take the state of the slot's scene (`sceneState(slot)`, `nil`
    // without one), which the generator has at hand for each connected slot.

    func canLaunch(_ kind: LaunchKind) -> Bool {
        guard current == nil else { return false }
        if case .link(let index) = kind { return app.links.indices.contains(index) }
        return true
    }

    func canConnectWithLink(_ slot: Int, link: Int) -> Bool {
        isAlive && (1...options.maxScenes).contains(slot) && !hasScene(slot) && app.links.indices.contains(link)
    }

    /// Whether `slot` may connect with a damaged copy of its saved restoration payload (the rule
    /// of ``SimulationEvent/connectScene(scene:foreground:restoration:)`` with a restoration
    /// other than an app mutation, which also needs the mutation to exist).
    func canConnectWithDamagedRestoration(_ slot: Int) -> Bool {
        guard isAlive, (1...options.maxScenes).contains(slot), !hasScene(slot) else { return false }
        return sessions.hasPayload(slot)
    }

    func canDisconnect(_ slot: Int) -> Bool { hasScene(slot) }

    func canDiscardSession(_ slot: Int) -> Bool { sessions.id(of: slot) != nil && !hasScene(slot) }

    func canActivate(_ state: SceneState?) -> Bool {
        guard let state else { return false }
        return state != .foregroundActive
    }

    func canResignActive(_ state: SceneState?) -> Bool { isRunning && state == .foregroundActive }

    func canEnterBackground(_ state: SceneState?) -> Bool { isRunning && state?.isForeground == true }

    func canEnterForeground(_ state: SceneState?) -> Bool { state == .background }

    func canOpenLink(_ state: SceneState?, link: Int) -> Bool {
        isRunning && state?.isForeground == true && app.links.indices.contains(link)
    }

    var canSuspend: Bool {
        guard isRunning, let runtime = current?.runtime, !runtime.holdsBackgroundTime else { return false }
        // A plain loop, after the cheap checks (all are plain reads, so their order does not
        // matter): `allSatisfy`'s closure paid an actor-isolation check per scene.
        for scene in runtime.scenes.values where scene.state.isForeground { return false }
        return true
    }

    var canKill: Bool { isAlive }

    var canTerminate: Bool { isRunning }

    var canWarnOfMemory: Bool { isRunning }

    var canPushSilently: Bool { true }

    func canGrantBackgroundTask(_ identifier: String) -> Bool {
        guard let request = inbox.pendingRequests[identifier] else { return false }
        return canGrantBackgroundTask(identifier, request: request)
    }

    /// ``canGrantBackgroundTask(_:)`` with the pending `request` of `identifier` already looked up.
    func canGrantBackgroundTask(_ identifier: String, request: BackgroundTaskRequest) -> Bool {
        if let earliest = request.earliestBegin, earliest > context.now { return false }
        // No task running is the usual case: then no identifier needs hashing.
        guard let running = current?.runtime.runningTasks, !running.isEmpty else { return true }
        return running[identifier] == nil
    }

    func canExpireBackgroundTask(_ identifier: String) -> Bool {
        isRunning && current?.runtime.runningTasks[identifier] != nil
    }

    var canExpireExtraTime: Bool { isRunning && current?.runtime.extraTimeLeases.isEmpty == false }

    /// Files the simulator may damage: everything but the keychain.
    func damageableFiles() -> [(path: String, contents: Data)] {
        disk.allFiles().filter { !$0.path.hasPrefix(SimulatedSecretStore.directory + "/") && !$0.contents.isEmpty }
    }
}
