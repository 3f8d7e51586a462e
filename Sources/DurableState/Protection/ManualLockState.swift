import Synchronization

/// A ``ProtectedDataAvailability`` whose state is set by hand: a test's device, locked and
/// unlocked between calls.
///
/// ```swift
/// let device = ManualLockState(.unlocked)
/// let storage = StorageEnvironment(fileSystem: disk, protectedData: device)
/// device.state = .locked
/// ```
///
/// A class so that every store given it sees the same device; `Sendable`, its state guarded by a
/// `Mutex`. Owned by the test (or harness) that made it.
public final class ManualLockState: ProtectedDataAvailability {
    private let current: Mutex<DeviceLockState>

    /// A device in `state`.
    public init(_ state: DeviceLockState = .unlocked) {
        self.current = Mutex(state)
    }

    /// The state the device is in; set it to lock or unlock.
    public var state: DeviceLockState {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// ``state``.
    public var deviceLockState: DeviceLockState { state }
}
