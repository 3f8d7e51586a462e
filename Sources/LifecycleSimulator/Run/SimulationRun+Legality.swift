import Foundation
import Lifecycle

/// The device's model of the lifecycle state machine: the precondition of every event, in one
/// rule. The generator only proposes events it does not refuse, a replay stops at the first it
/// refuses, and the runtime's own validation is the second oracle (a refusal by the runtime of
/// an event this rule allowed is reported as a generator bug).
extension SimulationRun {
    /// Why `event` cannot happen now, or `nil` if it can.
    func refusal(of event: SimulationEvent) -> EventRefusal? {
        if violation != nil { return .runStopped }
        switch event {
        case .launch(let kind):
            if current != nil { return .processAlive(suspended: context.isSuspended) }
            if case .link(let index) = kind { return linkRefusal(index) }
            return nil
        case let .connectScene(slot, _, restoration):
            if let refusal = connectionRefusal(slot) { return refusal }
            guard let restoration else { return nil }
            if !sessions.hasPayload(slot) { return .noRestorationPayload(slot: slot) }
            if case .app(let index, _) = restoration, !app.restorationMutations.indices.contains(index) {
                return .noSuchMutation(index: index, count: app.restorationMutations.count)
            }
            return nil
        case let .connectSceneWithLink(slot, link, _):
            return connectionRefusal(slot) ?? linkRefusal(link)
        case .disconnectScene(let slot):
            return sceneState(slot) == nil ? .sceneNotConnected(slot: slot) : nil
        case .discardSession(let slot):
            if sessions.id(of: slot) == nil { return .noSession(slot: slot) }
            return sceneState(slot) == nil ? nil : .sessionInUse(slot: slot)
        case .activate(let slot):
            return sceneRefusal(slot, .notActive)
        case .resignActive(let slot):
            return runningRefusal ?? sceneRefusal(slot, .active)
        case .enterBackground(let slot):
            return runningRefusal ?? sceneRefusal(slot, .inForeground)
        case .enterForeground(let slot):
            return sceneRefusal(slot, .inBackground)
        case let .openLink(slot, link):
            return runningRefusal ?? sceneRefusal(slot, .inForeground) ?? linkRefusal(link)
        case let .userAction(name, slot, _):
            if let refusal = runningRefusal { return refusal }
            guard let action = app.action(named: name) else { return .noSuchAction(name: name) }
            if let refusal = sceneRefusal(slot, .active) { return refusal }
            guard let current, let root = current.app, let scene = scene(slot),
                  action.isEnabled(root, scene, current.environment)
            else { return .actionDisabled(name: name, slot: slot) }
            return nil
        case .suspend:
            if let refusal = runningRefusal { return refusal == .processSuspended ? .alreadySuspended : refusal }
            guard let runtime = current?.runtime else { return .processNotRunning }
            if runtime.holdsBackgroundTime { return .holdsBackgroundTime }
            for scene in runtime.scenes.values where scene.state.isForeground { return .sceneInForeground }
            return nil
        case .kill:
            return isAlive ? nil : .processNotRunning
        case .powerLoss, .silentPush:
            return nil
        case .crashDuringNextStep(let operation, _):
            // Armed while the process is not running, it crashes the launch that follows.
            if operation < 1 { return .noSuchOperation(operation) }
            return armedForNextStep == nil ? nil : .crashArmed
        case .terminate, .memoryWarning:
            return runningRefusal
        case .grantBackgroundTask(let identifier):
            guard let request = inbox.pendingRequests[identifier] else { return .noPendingRequest(identifier: identifier) }
            if let earliest = request.earliestBegin, earliest > context.now {
                return .requestNotDue(identifier: identifier, earliestBegin: RunContext.milliseconds(earliest), now: context.nowMilliseconds)
            }
            return current?.runtime.runningTasks[identifier] == nil ? nil : .taskRunning(identifier: identifier)
        case .expireBackgroundTask(let identifier):
            if let refusal = runningRefusal { return refusal }
            return current?.runtime.runningTasks[identifier] == nil ? .taskNotRunning(identifier: identifier) : nil
        case .expireExtraTime:
            if let refusal = runningRefusal { return refusal }
            return current?.runtime.extraTimeLeases.isEmpty == false ? nil : .noExtraTimeLease
        case .advance(let milliseconds):
            return milliseconds > 0 ? nil : .advanceNotForward(milliseconds: milliseconds)
        case .clockJump(let hours):
            return hours > 0 ? nil : .jumpNotForward(hours: hours)
        case .corruptFile:
            if current != nil { return .damageWhileRunning }
            return damageableFiles().isEmpty ? .noFileToDamage : nil
        case .serviceDown(let service, _):
            return context.outages[service].map { .serviceDown(service: service, outage: $0) }
        case .serviceUp(let service):
            return context.outages[service] == nil ? .serviceUp(service: service) : nil
        case .diskFull:
            return context.isDiskFull ? .storageFull : nil
        case .diskFreed:
            return context.isDiskFull ? nil : .storageNotFull
        }
    }

    /// Why an event that needs a running process cannot happen, or `nil` if it is running.
    private var runningRefusal: EventRefusal? {
        if isRunning { return nil }
        return isAlive ? .processSuspended : .processNotRunning
    }

    /// Why a scene cannot connect in `slot`, or `nil`.
    private func connectionRefusal(_ slot: Int) -> EventRefusal? {
        if !isAlive { return .processNotRunning }
        if !(1...options.maxScenes).contains(slot) { return .slotOutOfRange(slot: slot, slots: options.maxScenes) }
        return sceneState(slot) == nil ? nil : .sceneConnected(slot: slot)
    }

    /// Why the scene of `slot` does not meet `requirement`, or `nil`.
    private func sceneRefusal(_ slot: Int, _ requirement: EventRefusal.Requirement) -> EventRefusal? {
        guard let state = sceneState(slot) else { return .sceneNotConnected(slot: slot) }
        let meets = switch requirement {
        case .active: state == .foregroundActive
        case .inForeground: state.isForeground
        case .inBackground: state == .background
        case .notActive: state != .foregroundActive
        }
        return meets ? nil : .sceneNot(requirement, slot: slot, state: state)
    }

    /// Why the app's deep link number `index` cannot open, or `nil`.
    private func linkRefusal(_ index: Int) -> EventRefusal? {
        app.links.indices.contains(index) ? nil : .noSuchLink(index: index, count: app.links.count)
    }

    /// Files the simulator may damage: everything but the keychain.
    func damageableFiles() -> [(path: String, contents: Data)] {
        disk.allFiles().filter { !$0.path.hasPrefix(SimulatedSecretStore.directory + "/") && !$0.contents.isEmpty }
    }
}
