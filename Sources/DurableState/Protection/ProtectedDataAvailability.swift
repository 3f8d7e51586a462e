/// Where a store learns whether the device is locked: the injectable source of the
/// ``DeviceLockState`` that every store of DurableState consults, through
/// ``StorageEnvironment/protectedData``, before it reads or writes.
///
/// ```swift
/// let storage = StorageEnvironment(fileSystem: POSIXFileSystem())   // AlwaysAvailable
/// let device = ManualLockState(.beforeFirstUnlock)                    // a test's device
/// let locked = StorageEnvironment(fileSystem: disk, protectedData: device)
/// ```
///
/// ``AlwaysAvailable`` is the default: on Linux there is no data protection, and on Apple
/// platforms the system itself refuses what the class forbids. The simulator supplies one that
/// follows its device's `lock`, `unlock` and `reboot` events; ``ManualLockState`` is set by hand.
/// Implementations are `Sendable` and answer from any thread.
public protocol ProtectedDataAvailability: Sendable {
    /// The device's lock state now.
    var deviceLockState: DeviceLockState { get }

    /// Hears that a file store's `refusal` was thrown: a read (`writing` false) or a write of a
    /// file that its class kept closed. Nothing by default; the simulator's device keeps them to
    /// check that nothing is written over what could not be read and that refused writes are
    /// made again after the unlock.
    func didRefuse(_ refusal: ProtectedDataUnavailable, writing: Bool)
}

extension ProtectedDataAvailability {
    /// Nothing: a device keeps no record of refusals.
    public func didRefuse(_ refusal: ProtectedDataUnavailable, writing: Bool) {}
}

extension ProtectedDataAvailability {
    /// Refuses `access` to `item` (a path or a secret's key) protected by `protection` when the
    /// device's state does not allow it.
    /// - Throws: ``ProtectedDataUnavailable`` naming the item, the class, the access and the
    ///   state; nothing was read or written.
    public func check(
        _ access: ProtectedDataAccess, to item: String, protectedBy protection: DataProtection
    ) throws(ProtectedDataUnavailable) {
        let state = deviceLockState
        guard protection.allows(access, when: state) else {
            throw ProtectedDataUnavailable(item: item, protection: protection, access: access, deviceState: state)
        }
    }
}
