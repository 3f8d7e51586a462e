#if os(Linux)
/// A ``SecretStore`` that keeps secrets in the desktop keyring over the freedesktop Secret
/// Service API, through libsecret: the Linux counterpart of the Keychain. Tested against GNOME
/// Keyring; any provider of the API should do.
///
/// ```swift
/// let store = SecretServiceStore(schema: "org.example.CampusLibrary", applicationName: "Campus Library")
/// try store.setSecret(Secret(token), for: "session-token")
/// ```
///
/// Each key is one item of the default collection (the "login" keyring) with the item schema
/// ``schema`` and two attributes, `account` = ``account`` and `key` = the key, labelled so a
/// person recognises it in Seahorse or `secret-tool search`: `"<applicationName>: <key>"` unless
/// ``label`` says otherwise. `secret-tool lookup account default key session-token` reads it back.
/// Secrets cross the bus inside an encrypted Secret Service session where the provider offers one.
///
/// Nothing is written to a file by this library; the keyring daemon keeps the collection
/// encrypted with the user's login password. Typed failures: ``SecretStoreError/noSessionBus(_:)``,
/// ``SecretStoreError/noSecretService(_:)``, ``SecretStoreError/locked(collection:)`` (the store
/// never prompts unless ``allowsUnlockPrompt``), ``SecretStoreError/unlockDismissed(collection:)``
/// and ``SecretStoreError/denied(_:)``; anything else from the bus is
/// ``SecretStoreError/storage(_:)`` with libsecret's message (which never holds a secret).
///
/// Practical advice: choose the store with ``PlatformSecretStore/open(_:)``, which falls back to
/// the file store only where the app opted into it. A `Sendable` value; each call connects
/// through libsecret's shared per-process connection, which serializes on the bus. The calls are
/// blocking round trips over D-Bus (a few milliseconds; longer while an unlock prompt is shown):
/// make them where the app would read a file.
public struct SecretServiceStore: SecretStore, CustomStringConvertible {
    /// The item schema's name: usually the app's reverse-DNS identifier.
    public let schema: String
    /// The app's name as a person knows it, used in item labels.
    public let applicationName: String
    /// The `account` attribute of every item: which of the app's accounts or profiles they belong
    /// to.
    public let account: String
    /// Whether a locked collection may be unlocked by asking the user (the provider shows its
    /// prompt). `false`: a locked collection fails with ``SecretStoreError/locked(collection:)``.
    public let allowsUnlockPrompt: Bool
    /// The label of the item of a key.
    public let label: @Sendable (_ key: String) -> String

    /// A store for the items of `schema` and `account`.
    public init(
        schema: String, applicationName: String, account: String = "default", allowsUnlockPrompt: Bool = false,
        label: (@Sendable (_ key: String) -> String)? = nil
    ) {
        self.schema = schema
        self.applicationName = applicationName
        self.account = account
        self.allowsUnlockPrompt = allowsUnlockPrompt
        self.label = label ?? { key in "\(applicationName): \(key)" }
    }

    /// Connects to the Secret Service and opens its default collection without reading anything:
    /// whether a provider answers.
    /// - Throws: ``SecretStoreError/noSessionBus(_:)``, ``SecretStoreError/noSecretService(_:)``,
    ///   ``SecretStoreError/denied(_:)`` or ``SecretStoreError/storage(_:)``. Nothing changes.
    public func checkAvailable() throws(SecretStoreError) {
        _ = try SecretServiceSession.connect()
    }

    /// The secret stored under `key` in the default collection, or `nil`.
    /// - Throws: ``SecretStoreError`` (see the type's overview); ``SecretStoreError/corrupt(_:)``
    ///   if the item holds no text. Nothing changes.
    public func secret(for key: String) throws(SecretStoreError) -> Secret? {
        let session = try SecretServiceSession.connect()
        let collection = try session.defaultCollection(unlockingWithPrompt: allowsUnlockPrompt)
        return try collection.firstSecret(matching: attributes(for: key), schema: schema).map(Secret.init)
    }

    /// Stores `secret` under `key`, replacing the item if there is one. The provider writes its
    /// keyring file before answering (GNOME Keyring: a full replace of the collection's file).
    /// - Throws: ``SecretStoreError``; the previous secret, if any, is still stored.
    public func setSecret(_ secret: Secret, for key: String) throws(SecretStoreError) {
        let session = try SecretServiceSession.connect()
        let collection = try session.defaultCollection(unlockingWithPrompt: allowsUnlockPrompt)
        try collection.replaceItem(attributes: attributes(for: key), schema: schema, label: label(key), secret: secret.revealed)
    }

    /// Removes the item under `key`; succeeds if there is none.
    /// - Throws: ``SecretStoreError``; the item may still be stored.
    public func removeSecret(for key: String) throws(SecretStoreError) {
        let session = try SecretServiceSession.connect()
        let collection = try session.defaultCollection(unlockingWithPrompt: allowsUnlockPrompt)
        try collection.deleteItems(matching: attributes(for: key), schema: schema)
    }

    /// `SecretServiceStore(<schema>, account <account>)`: never a secret.
    public var description: String { "SecretServiceStore(\(schema), account \(account))" }

    private func attributes(for key: String) -> [String: String] {
        ["account": account, "key": key]
    }
}
#endif
