import DurableState
import Synchronization

/// The simulated device's lock state, as its stores see it: the `ProtectedDataAvailability`
/// the simulator gives every incarnation's `StorageEnvironment` when
/// ``SimulationOptions/deviceLocks`` is on, moved by the `lock`, `unlock` and `reboot` events.
///
/// One per run, owned by its `RunContext`; `Sendable` (the stores may ask from any executor),
/// its state guarded by a `Mutex`. It starts unlocked: a run begins with the user at the phone.
final class SimulatedDeviceLock: ProtectedDataAvailability {
    private let current = Mutex(DeviceLockState.unlocked)
    /// What the live process could not read or write because of the lock.
    let ledger = ProtectedDataLedger()

    /// The device's state now.
    var state: DeviceLockState {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    var deviceLockState: DeviceLockState { state }

    func didRefuse(_ refusal: ProtectedDataUnavailable, writing: Bool) {
        ledger.refused(refusal, writing: writing)
    }
}
