/// Where secrets live: the Keychain on Apple platforms, the Secret Service (`SecretServiceStore`)
/// or a 0600 file (explicit opt-in) on Linux, memory in tests; ``PlatformSecretStore`` chooses.
/// Implementations are `Sendable` and synchronous.
public protocol SecretStore: Sendable {
    /// The secret stored under `key`, or `nil`.
    /// - Throws: ``SecretStoreError`` if the store cannot be read; nothing changes.
    func secret(for key: String) throws(SecretStoreError) -> Secret?

    /// Stores `secret` under `key`, replacing any previous one, durably.
    /// - Throws: ``SecretStoreError``; the previous secret, if any, is still stored.
    func setSecret(_ secret: Secret, for key: String) throws(SecretStoreError)

    /// Removes the secret under `key`; succeeds if there is none.
    /// - Throws: ``SecretStoreError``; the secret may still be stored.
    func removeSecret(for key: String) throws(SecretStoreError)
}

/// Why a ``SecretStore`` operation failed. Messages never contain the secret.
public enum SecretStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store's backing storage failed.
    case storage(String)
    /// The stored data could not be decoded; it was left in place.
    case corrupt(String)
    /// The store's file or directory has permissions that would expose secrets.
    case insecurePermissions(path: String, mode: UInt16)
    /// The platform service refused (Keychain status code).
    case platform(status: Int32)
    /// No D-Bus session bus could be reached: none is running, or `DBUS_SESSION_BUS_ADDRESS`
    /// points at nothing (a server, a container, an SSH session).
    case noSessionBus(String)
    /// The session bus answers but nothing provides the Secret Service on it (no keyring daemon
    /// running or activatable).
    case noSecretService(String)
    /// The collection is locked, and the store may not ask the user to unlock it.
    case locked(collection: String)
    /// The user was asked to unlock the collection and the prompt was dismissed, or could not be
    /// shown (no display to show it on).
    case unlockDismissed(collection: String)
    /// The Secret Service or the bus refused the request (a bus policy, a sandbox).
    case denied(String)
    /// The secret's ``DataProtection`` class forbids the access while the device is locked (or
    /// not yet unlocked since it booted): the secret may well be stored — this is not "no
    /// secret". Nothing changed; retry once the device is unlocked.
    case protectedDataUnavailable(ProtectedDataUnavailable)

    public var description: String {
        switch self {
        case .storage(let reason): "Secret store failed: \(reason)"
        case .corrupt(let reason): "Secret store data is corrupt and was left in place: \(reason)"
        case let .insecurePermissions(path, mode):
            "Secret store refused \(path): permissions \(String(mode, radix: 8)) would expose secrets (need 0600 files in a 0700 directory)"
        case .platform(let status): "The platform secret service failed with status \(status)"
        case .noSessionBus(let reason): "No D-Bus session bus to reach a Secret Service: \(reason)"
        case .noSecretService(let reason): "No Secret Service provider on the session bus: \(reason)"
        case .locked(let collection): "The keyring collection “\(collection)” is locked; unlock it (Seahorse, or by logging in) and retry"
        case .unlockDismissed(let collection):
            "The prompt to unlock the keyring collection “\(collection)” was dismissed or could not be shown"
        case .denied(let reason): "The Secret Service refused the request: \(reason)"
        case .protectedDataUnavailable(let refusal): refusal.description
        }
    }
}
