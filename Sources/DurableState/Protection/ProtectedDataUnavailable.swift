/// A read or write that the item's ``DataProtection`` class forbids while the device is in its
/// current ``DeviceLockState``: "protected data is unavailable". Nothing was read or written, and
/// the item is as it was — it is not missing, empty or damaged; it reads again once the device
/// allows.
///
/// ```swift
/// do { token = try secrets.secret(for: "token") }
/// catch .protectedDataUnavailable { keepSignedInAndRetryAfterUnlock() }   // not "signed out"
/// ```
///
/// Stores report it through their own error types (``FileSystemError/protectedDataUnavailable(_:)``,
/// ``DurableStoreError/protectedDataUnavailable(_:)``, ``SecretStoreError/protectedDataUnavailable(_:)``,
/// ``SQLiteError/protectedDataUnavailable(_:)``) and loads as ``LoadOutcome/unavailableNow``.
/// A value, `Sendable`; its description names the item's path or key, the class, the access and
/// the device's state, never data.
public struct ProtectedDataUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path or the secret's key.
    public var item: String
    /// The item's class.
    public var protection: DataProtection
    /// What was refused.
    public var access: ProtectedDataAccess
    /// The device's state when it was refused, or `nil` when the platform refused without saying
    /// (the Keychain's `errSecInteractionNotAllowed`).
    public var deviceState: DeviceLockState?

    /// The refusal of `access` to `item` of class `protection` while the device was `deviceState`.
    public init(item: String, protection: DataProtection, access: ProtectedDataAccess, deviceState: DeviceLockState?) {
        self.item = item
        self.protection = protection
        self.access = access
        self.deviceState = deviceState
    }

    public var description: String {
        let state = deviceState.map { "the device is \($0)" } ?? "the device is locked"
        return "Protected data is unavailable: \(item) (protection \(protection)) cannot \(access) while \(state); nothing was read or written."
    }
}
