/// Whether the device is unlocked, locked, or not yet unlocked since it booted — what decides
/// which ``DataProtection`` classes are available.
///
/// A closed enum, `Sendable`. On Linux it is always ``unlocked`` (``AlwaysAvailable``); the
/// simulator's device moves between the three on its `lock`, `unlock` and `reboot` events.
public enum DeviceLockState: Sendable, CustomStringConvertible {
    /// The user unlocked the device and it has not locked since.
    case unlocked
    /// Locked after the user unlocked it at least once since it booted.
    case locked
    /// Booted and not unlocked since: before the first user authentication.
    case beforeFirstUnlock

    /// `unlocked`, `locked` or `locked since it booted (before the first unlock)`.
    public var description: String {
        switch self {
        case .unlocked: "unlocked"
        case .locked: "locked"
        case .beforeFirstUnlock: "locked since it booted (before the first unlock)"
        }
    }
}
