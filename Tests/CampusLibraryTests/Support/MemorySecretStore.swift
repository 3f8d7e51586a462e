import DurableState
import Synchronization

/// Secrets in memory for tests; `failsReads` simulates a locked keychain. Thread-safe (a mutex).
final class MemorySecretStore: SecretStore {
    private let storage = Mutex<[String: Secret]>([:])
    private let failing = Mutex(false)

    var failsReads: Bool {
        get { failing.withLock { $0 } }
        set { failing.withLock { $0 = newValue } }
    }

    /// The stored secrets by key.
    var secrets: [String: Secret] { storage.withLock { $0 } }

    func secret(for key: String) throws(SecretStoreError) -> Secret? {
        if failsReads { throw .storage("locked") }
        return storage.withLock { $0[key] }
    }

    func setSecret(_ secret: Secret, for key: String) throws(SecretStoreError) {
        storage.withLock { $0[key] = secret }
    }

    func removeSecret(for key: String) throws(SecretStoreError) {
        _ = storage.withLock { $0.removeValue(forKey: key) }
    }
}
