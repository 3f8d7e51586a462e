/// The ``ProtectedDataAvailability`` of a device that never locks: every class allows every
/// access. The default of ``StorageEnvironment``.
///
/// On Linux there is no data protection, so this is the truth. On Apple platforms the system
/// enforces the classes itself (a refused file open fails, a refused Keychain query returns
/// `errSecInteractionNotAllowed`), so the store-side check has nothing to add. A value,
/// `Sendable`.
public struct AlwaysAvailable: ProtectedDataAvailability {
    /// The device that never locks.
    public init() {}

    /// Always ``DeviceLockState/unlocked``.
    public var deviceLockState: DeviceLockState { .unlocked }
}
