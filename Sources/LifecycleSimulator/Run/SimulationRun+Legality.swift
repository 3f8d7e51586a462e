import Foundation
import Lifecycle

/// The device's model of the lifecycle state machine: the precondition of every event. The
/// generator only proposes legal events and a replay skips illegal ones; the runtime's own
/// validation is the second oracle (a refusal is reported as a generator bug).
extension SimulationRun {
    func isLegal(_ event: SimulationEvent) -> Bool {
        switch event {
        case .launch(let kind):
            guard current == nil else { return false }
            if case .link(let index) = kind { return app.links.indices.contains(index) }
            return true
        case let .connectScene(slot, _, restoration):
            guard isAlive, (1...options.maxScenes).contains(slot), !hasScene(slot) else { return false }
            guard let restoration else { return true }
            guard let payload = sessions[slot]?.payload, !payload.isEmpty else { return false }
            if case .app(let index, _) = restoration { return app.restorationMutations.indices.contains(index) }
            return true
        case let .connectSceneWithLink(slot, link, _):
            return isAlive && (1...options.maxScenes).contains(slot) && !hasScene(slot) && app.links.indices.contains(link)
        case .disconnectScene(let slot):
            return hasScene(slot)
        case .discardSession(let slot):
            return sessions[slot] != nil && !hasScene(slot)
        case .activate(let slot):
            guard let state = sceneState(slot) else { return false }
            return state != .foregroundActive
        case .resignActive(let slot):
            return isRunning && sceneState(slot) == .foregroundActive
        case .enterBackground(let slot):
            return isRunning && sceneState(slot)?.isForeground == true
        case .enterForeground(let slot):
            return sceneState(slot) == .background
        case let .openLink(slot, link):
            return isRunning && sceneState(slot)?.isForeground == true && app.links.indices.contains(link)
        case let .userAction(name, slot, _):
            guard isRunning, let current, let appIncarnation = current.app,
                  let scene = scene(slot), scene.state == .foregroundActive,
                  let action = app.action(named: name)
            else { return false }
            return action.isEnabled(appIncarnation, scene, current.environment)
        case .suspend:
            guard isRunning, let runtime = current?.runtime else { return false }
            return runtime.scenes.values.allSatisfy { !$0.state.isForeground }
                && runtime.extraTimeLeases.isEmpty && runtime.runningTasks.isEmpty
        case .kill:
            return isAlive
        case .powerLoss:
            return true
        case .crashDuringNextStep(let operation, _):
            return isAlive && operation >= 1 && armedForNextStep == nil
        case .terminate, .memoryWarning:
            return isRunning
        case .grantBackgroundTask(let identifier):
            guard let request = pendingRequests[identifier] else { return false }
            if let earliest = request.earliestBegin, earliest > context.now { return false }
            return current?.runtime.runningTasks[identifier] == nil
        case .expireBackgroundTask(let identifier):
            return isRunning && current?.runtime.runningTasks[identifier] != nil
        case .expireExtraTime:
            return isRunning && current?.runtime.extraTimeLeases.isEmpty == false
        case .silentPush:
            return true
        case .advance(let milliseconds):
            return milliseconds > 0
        case .clockJump(let hours):
            return hours > 0
        case .corruptFile:
            return current == nil && !damageableFiles().isEmpty
        }
    }

    /// Files the simulator may damage: everything but the keychain.
    func damageableFiles() -> [(path: String, contents: Data)] {
        disk.allFiles().filter { !$0.path.hasPrefix(SimulatedSecretStore.directory + "/") && !$0.contents.isEmpty }
    }
}
