import Synchronization

/// A ``SecretStore`` that keeps secrets in memory only: for tests and previews.
///
/// ```swift
/// let store = InMemorySecretStore(["api-token": Secret("t0k3n")])
/// ```
///
/// Nothing reaches the disk, and everything is gone with the process. `Sendable`: the secrets
/// are guarded by a `Mutex`; owned by whoever created it.
public final class InMemorySecretStore: SecretStore, CustomStringConvertible, CustomReflectable {
    private let secrets: Mutex<[String: Secret]>

    /// A store holding `secrets`.
    public init(_ secrets: [String: Secret] = [:]) {
        self.secrets = Mutex(secrets)
    }

    /// The secret stored under `key`, or `nil`. Never fails.
    public func secret(for key: String) throws(SecretStoreError) -> Secret? {
        secrets.withLock { $0[key] }
    }

    /// Stores `secret` under `key`. Never fails.
    public func setSecret(_ secret: Secret, for key: String) throws(SecretStoreError) {
        secrets.withLock { $0[key] = secret }
    }

    /// Removes the secret under `key`. Never fails.
    public func removeSecret(for key: String) throws(SecretStoreError) {
        _ = secrets.withLock { $0.removeValue(forKey: key) }
    }

    /// The keys stored, sorted.
    public var keys: [String] {
        secrets.withLock { $0.keys.sorted() }
    }

    /// `InMemorySecretStore(2 secrets)`: never keys' values.
    public var description: String {
        let count = secrets.withLock { $0.count }
        return "InMemorySecretStore(\(count) secret\(count == 1 ? "" : "s"))"
    }

    /// An empty mirror, so `dump` shows no secrets.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
