import DurableState
import Lifecycle

/// What the device's legality rule reads, as a value: the process, each slot's scene and
/// session, the background work the system could grant or end, the faults in force. Taken once
/// per step (the generator asks about dozens of events against it) with
/// ``SimulationRun/deviceState()``; ``refusal(of:)`` is a pure function of it.
///
/// A value; made and read on the main actor.
struct DeviceState {
    /// Whether the process runs, is suspended or is not running.
    enum Process: Equatable {
        case notRunning, running, suspended
    }

    /// One slot of the device: its scene's state (if connected) and its session.
    struct Slot {
        var scene: SceneState?
        var hasSession = false
        var hasPayload = false
        /// For a foreground-active scene, whether each of the app's actions is enabled there, in
        /// action order; empty otherwise.
        var enabledActions: [Bool] = []
    }

    var process = Process.notRunning
    /// The slots `0...maxScenes` (slot 0 unused).
    var slots: [Slot]
    /// The app's action names, deep links and restoration mutations, as counts and names.
    var actionNames: [String]
    var linkCount: Int
    var mutationCount: Int
    /// The app's versions and the index of the one installed.
    var versionCount = 0
    var installedVersion = 0
    /// Whether the live process holds background time, and whether a scene is in the foreground.
    var holdsBackgroundTime = false
    var hasForegroundScene = false
    var hasExtraTimeLease = false
    /// Whether a crash is armed for the next step.
    var crashArmed = false
    /// The background-task requests pending, by identifier, and the tasks running.
    var pendingRequests: [String: BackgroundTaskRequest] = [:]
    var runningTasks: [String: BackgroundTask] = [:]
    /// The device's time, in whole milliseconds and as an instant.
    var now: LifelineInstant = .zero
    var nowMilliseconds: Int64 = 0
    var outages: [String: ServiceOutage] = [:]
    var isDiskFull = false
    /// Whether some file can be damaged (only read while the process is not running).
    var hasDamageableFile = false
    /// Whether the run stopped at a violation.
    var isStopped = false
    /// Whether the device is locked (``SimulationEvent/lock``): while it is, the user cannot
    /// open or use the app.
    var lockState = DeviceLockState.unlocked

    var maxScenes: Int { slots.count - 1 }
    var isAlive: Bool { process != .notRunning }

    /// The slot `slot`, or an empty one outside the device's slots.
    func slot(_ slot: Int) -> Slot {
        slots.indices.contains(slot) ? slots[slot] : Slot()
    }

    /// Why `event` cannot happen in this state, or `nil` if it can.
    func refusal(of event: SimulationEvent) -> EventRefusal? {
        if isStopped { return .runStopped }
        switch event {
        case .launch(let kind):
            if isAlive { return .processAlive(suspended: process == .suspended) }
            if let refusal = lockRefusal { return refusal }
            if case .link(let index) = kind { return linkRefusal(index) }
            return nil
        case let .connectScene(slot, foreground, restoration):
            if let refusal = connectionRefusal(slot) { return refusal }
            if foreground, let refusal = lockRefusal { return refusal }
            guard let restoration else { return nil }
            if !self.slot(slot).hasPayload { return .noRestorationPayload(slot: slot) }
            if case .app(let index, _) = restoration, !(0..<mutationCount).contains(index) {
                return .noSuchMutation(index: index, count: mutationCount)
            }
            return nil
        case let .connectSceneWithLink(slot, link, _):
            return connectionRefusal(slot) ?? lockRefusal ?? linkRefusal(link)
        case .disconnectScene(let slot):
            return self.slot(slot).scene == nil ? .sceneNotConnected(slot: slot) : nil
        case .discardSession(let slot):
            if !self.slot(slot).hasSession { return .noSession(slot: slot) }
            return self.slot(slot).scene == nil ? nil : .sessionInUse(slot: slot)
        case .activate(let slot):
            return lockRefusal ?? sceneRefusal(slot, .notActive)
        case .resignActive(let slot):
            return runningRefusal ?? sceneRefusal(slot, .active)
        case .enterBackground(let slot):
            return runningRefusal ?? sceneRefusal(slot, .inForeground)
        case .enterForeground(let slot):
            return lockRefusal ?? sceneRefusal(slot, .inBackground)
        case let .openLink(slot, link):
            return runningRefusal ?? lockRefusal ?? sceneRefusal(slot, .inForeground) ?? linkRefusal(link)
        case let .userAction(name, slot, _):
            if let refusal = runningRefusal ?? lockRefusal { return refusal }
            guard let index = actionNames.firstIndex(of: name) else { return .noSuchAction(name: name) }
            if let refusal = sceneRefusal(slot, .active) { return refusal }
            let enabled = self.slot(slot).enabledActions
            return enabled.indices.contains(index) && enabled[index] ? nil : .actionDisabled(name: name, slot: slot)
        case .suspend:
            if let refusal = runningRefusal { return refusal == .processSuspended ? .alreadySuspended : refusal }
            if holdsBackgroundTime { return .holdsBackgroundTime }
            return hasForegroundScene ? .sceneInForeground : nil
        case .kill:
            return isAlive ? nil : .processNotRunning
        case .powerLoss, .silentPush:
            return nil
        case .crashDuringNextStep(let operation, _):
            // Armed while the process is not running, it crashes the launch that follows.
            if operation < 1 { return .noSuchOperation(operation) }
            return crashArmed ? .crashArmed : nil
        case .terminate, .memoryWarning:
            return runningRefusal
        case .grantBackgroundTask(let identifier):
            guard let request = pendingRequests[identifier] else { return .noPendingRequest(identifier: identifier) }
            if let earliest = request.earliestBegin, earliest > now {
                return .requestNotDue(identifier: identifier, earliestBegin: RunContext.milliseconds(earliest), now: nowMilliseconds)
            }
            return runningTasks[identifier] == nil ? nil : .taskRunning(identifier: identifier)
        case .expireBackgroundTask(let identifier):
            if let refusal = runningRefusal { return refusal }
            return runningTasks[identifier] == nil ? .taskNotRunning(identifier: identifier) : nil
        case .expireExtraTime:
            return runningRefusal ?? (hasExtraTimeLease ? nil : .noExtraTimeLease)
        case .advance(let milliseconds):
            return milliseconds > 0 ? nil : .advanceNotForward(milliseconds: milliseconds)
        case .clockJump(let hours):
            return hours > 0 ? nil : .jumpNotForward(hours: hours)
        case .corruptFile:
            if isAlive { return .damageWhileRunning }
            return hasDamageableFile ? nil : .noFileToDamage
        case .serviceDown(let service, _):
            return outages[service].map { .serviceDown(service: service, outage: $0) }
        case .serviceUp(let service):
            return outages[service] == nil ? .serviceUp(service: service) : nil
        case .diskFull:
            return isDiskFull ? .storageFull : nil
        case .diskFreed:
            return isDiskFull ? nil : .storageNotFull
        case .lock:
            return lockRefusal
        case .unlock:
            return lockState == .unlocked ? .deviceUnlocked : nil
        case .reboot:
            return nil
        case .prewarm:
            return isAlive ? .processAlive(suspended: process == .suspended) : nil
        case .updateApp:
            return installedVersion + 1 < versionCount ? nil : .noNextVersion(installed: installedVersion, count: versionCount)
        }
    }

    /// Refuses what needs the user at an unlocked device (opening or using the app, locking it).
    private var lockRefusal: EventRefusal? {
        lockState == .unlocked ? nil : .deviceLocked(lockState)
    }

    /// Why an event that needs a running process cannot happen, or `nil` if it is running.
    private var runningRefusal: EventRefusal? {
        switch process {
        case .running: nil
        case .suspended: .processSuspended
        case .notRunning: .processNotRunning
        }
    }

    /// Why a scene cannot connect in `slot`, or `nil`.
    private func connectionRefusal(_ slot: Int) -> EventRefusal? {
        if !isAlive { return .processNotRunning }
        if !(1...maxScenes).contains(slot) { return .slotOutOfRange(slot: slot, slots: maxScenes) }
        return self.slot(slot).scene == nil ? nil : .sceneConnected(slot: slot)
    }

    /// Why the scene of `slot` does not meet `requirement`, or `nil`.
    private func sceneRefusal(_ slot: Int, _ requirement: EventRefusal.Requirement) -> EventRefusal? {
        guard let state = self.slot(slot).scene else { return .sceneNotConnected(slot: slot) }
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
        (0..<linkCount).contains(index) ? nil : .noSuchLink(index: index, count: linkCount)
    }
}
