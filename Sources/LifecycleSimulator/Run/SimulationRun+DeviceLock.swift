import DurableState
import Lifecycle

/// The device's locks (``SimulationEvent/lock``, ``SimulationEvent/unlock``,
/// ``SimulationEvent/reboot``): the lock state the stores consult, and the notifications UIKit
/// sends as it changes.
extension SimulationRun {
    /// The user locks the device: the scenes in the foreground go to the background (the user
    /// can no longer see them), a running process hears `protectedDataWillBecomeUnavailable`
    /// and does what it does in the grace iOS gives it (the step's work settles), then protected
    /// data closes. A suspended process hears nothing; it finds the data closed when it wakes.
    func lockDevice() {
        var movedScenes = false
        for slot in 1...options.maxScenes where scene(slot)?.state.isForeground == true {
            move(slot, to: .background)
            movedScenes = true
        }
        if movedScenes { settle() }
        if isRunning {
            deliver(.protectedDataWillBecomeUnavailable)
            settle()
        }
        setLockState(.locked, reason: nil)
    }

    /// The user unlocks the device: protected data opens, then a running process hears
    /// `protectedDataDidBecomeAvailable`. No scene comes to the foreground by itself.
    func unlockDevice(reason: String? = nil) {
        setLockState(.unlocked, reason: reason)
        if isRunning {
            deliver(.protectedDataDidBecomeAvailable)
            context.deviceLock.ledger.heardOfUnlock()
        }
    }

    /// Moves the device to `state` and traces it on the device's lane.
    func setLockState(_ state: DeviceLockState, reason: String?) {
        context.deviceLock.state = state
        let text = "device \(state)"
        context.record("device", reason.map { "\(text) (\($0))" } ?? text)
    }
}

extension SimulationRun {
    /// A scene in the foreground of an unlocked device: the process knows it is unlocked, and
    /// the writes the lock refused it must now be made.
    func noteUnlockSeenInForeground() {
        guard context.deviceLock.state == .unlocked else { return }
        guard (1...options.maxScenes).contains(where: { scene($0)?.state.isForeground == true }) else { return }
        context.deviceLock.ledger.heardOfUnlock()
    }

    /// The final check's rule for work the lock deferred: a write refused while the device was
    /// locked, which the live process learned it could make (and then had the liveness bound
    /// for), must have been made.
    func checkDeferredWorkDone() {
        guard let lost = context.deviceLock.ledger.lostWork() else { return }
        context.report(
            .deferredWorkLost,
            "a write of \(lost.path) was refused (\(lost.circumstances)) and never made again, although the app "
                + "learned the device is unlocked: the work the lock deferred is lost"
        )
    }
}
