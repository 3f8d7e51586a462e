/// A ``SecretStore`` whose secrets are protected by one ``DataProtection`` class: each read and
/// write asks ``availability`` first and, when the class forbids it, throws
/// ``SecretStoreError/protectedDataUnavailable(_:)`` — never `nil`, which would read as "no
/// secret stored" and sign a user out.
///
/// ```swift
/// let secrets = ProtectedSecretStore(base: environment.secrets, protection: .completeUntilFirstUserAuthentication,
///                                    availability: storage.protectedData)
/// ```
///
/// A secret is an item the store opens whole on every call, so reading and writing are both
/// ``ProtectedDataAccess/openExisting``: while the device is locked a
/// ``DataProtection/completeUnlessOpen`` secret is refused like a ``DataProtection/complete`` one,
/// as a `kSecAttrAccessibleWhenUnlocked` Keychain item is. Removing is refused too (a Keychain
/// delete of an inaccessible item fails the same way).
///
/// A value, `Sendable`; made by whoever makes the app's secret store (the composition root).
public struct ProtectedSecretStore: SecretStore {
    /// The store the calls go to once allowed.
    public let base: any SecretStore
    /// The class of the secrets.
    public let protection: DataProtection
    /// Where the device's lock state comes from.
    public let availability: any ProtectedDataAvailability

    /// The secrets of `base`, protected by `protection` as `availability` says.
    public init(base: any SecretStore, protection: DataProtection, availability: any ProtectedDataAvailability) {
        self.base = base
        self.protection = protection
        self.availability = availability
    }

    private func check(_ key: String) throws(SecretStoreError) {
        do {
            try availability.check(.openExisting, to: key, protectedBy: protection)
        } catch {
            throw .protectedDataUnavailable(error)
        }
    }

    /// The secret under `key`, or `nil` if none is stored.
    /// - Throws: ``SecretStoreError/protectedDataUnavailable(_:)`` when the class forbids reading
    ///   now (the secret may well be stored); the base store's errors. Nothing changes.
    public func secret(for key: String) throws(SecretStoreError) -> Secret? {
        try check(key)
        return try base.secret(for: key)
    }

    /// Stores `secret` under `key`.
    /// - Throws: ``SecretStoreError/protectedDataUnavailable(_:)`` when the class forbids writing
    ///   now; the base store's errors. The previous secret, if any, is still stored.
    public func setSecret(_ secret: Secret, for key: String) throws(SecretStoreError) {
        try check(key)
        try base.setSecret(secret, for: key)
    }

    /// Removes the secret under `key`.
    /// - Throws: ``SecretStoreError/protectedDataUnavailable(_:)`` when the class forbids it now;
    ///   the base store's errors. The secret may still be stored.
    public func removeSecret(for key: String) throws(SecretStoreError) {
        try check(key)
        try base.removeSecret(for: key)
    }
}
