import DurableState
import Foundation
import Lifecycle

/// The device's model of the lifecycle state machine: the precondition of every event, in one
/// rule (``DeviceState/refusal(of:)``) over the device's state read once. The generator only
/// proposes events it does not refuse, a replay stops at the first it refuses, and the runtime's
/// own validation is the second oracle (a refusal by the runtime of an event this rule allowed is
/// reported as a generator bug).
extension SimulationRun {
    /// Why `event` cannot happen now, or `nil` if it can.
    func refusal(of event: SimulationEvent) -> EventRefusal? {
        var actionSlots: Set<Int> = []
        if case .userAction(_, let slot, _) = event { actionSlots = [slot] }
        return deviceState(readingActionsIn: actionSlots, readingFiles: event.kind == .corruptFile).refusal(of: event)
    }

    /// The device's state as the legality rule reads it, with the actions enabled in the active
    /// scenes of `actionSlots` (the generator asks for all) and, when `readingFiles` and the
    /// process is not running, whether a file can be damaged (reading the disk): the other
    /// events' rules never look at either.
    func deviceState(readingActionsIn actionSlots: Set<Int>, readingFiles: Bool) -> DeviceState {
        var state = DeviceState(
            slots: Array(repeating: DeviceState.Slot(), count: options.maxScenes + 1),
            actionNames: app.actionNames, linkCount: app.links.count, mutationCount: app.restorationMutations.count
        )
        state.isStopped = violation != nil
        state.crashArmed = armedForNextStep != nil
        state.pendingRequests = inbox.pendingRequests
        state.now = context.now
        state.nowMilliseconds = context.nowMilliseconds
        state.outages = context.outages
        state.isDiskFull = context.isDiskFull
        state.lockState = context.deviceLock.state
        state.versionCount = app.versions.count
        state.installedVersion = appVersion
        for slot in 1..<state.slots.count {
            state.slots[slot].hasSession = sessions.id(of: slot) != nil
            state.slots[slot].hasPayload = sessions.hasPayload(slot)
        }
        guard let current else {
            state.hasDamageableFile = readingFiles && !damageableFiles().isEmpty
            return state
        }
        state.process = context.isSuspended ? .suspended : .running
        let runtime = current.runtime
        state.holdsBackgroundTime = runtime.holdsBackgroundTime
        state.hasExtraTimeLease = !runtime.extraTimeLeases.isEmpty
        state.runningTasks = runtime.runningTasks
        for scene in runtime.scenes.values where scene.state.isForeground { state.hasForegroundScene = true }
        for slot in 1..<state.slots.count {
            guard let id = sessions.id(of: slot), let scene = runtime.connectedScene(id) else { continue }
            state.slots[slot].scene = scene.state
            if actionSlots.contains(slot), scene.state == .foregroundActive, state.process == .running, let root = current.app {
                state.slots[slot].enabledActions = app.enabledActions(root, scene, current.environment)
            }
        }
        return state
    }

    /// Files the simulator may damage: everything but the keychain.
    func damageableFiles() -> [(path: String, contents: Data)] {
        disk.allFiles().filter { !$0.path.hasPrefix(SimulatedSecretStore.directory + "/") && !$0.contents.isEmpty }
    }
}
