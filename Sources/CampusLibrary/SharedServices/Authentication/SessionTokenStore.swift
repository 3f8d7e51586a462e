import DurableState

/// The one place the session token is kept: the injected `SecretStore` (Keychain on Apple
/// platforms, a 0600 file on Linux, memory in tests), under one key. Never preferences, restoration
/// state or logs. A `Sendable` value owned by ``AuthenticationService``.
public struct SessionTokenStore: Sendable {
    /// The secret store key of the session token.
    public static let key = "campus-library.session-token"

    private let secrets: any SecretStore
    /// Where the token is, for the student: "the desktop keyring (Secret Service)".
    public let location: String

    /// Keeps the token in `secrets`, which `location` names for a person.
    public init(secrets: any SecretStore, location: String = "the app's secret store") {
        self.secrets = secrets
        self.location = location
    }

    /// The stored token, if any.
    /// - Throws: `SecretStoreError`; nothing changes.
    public func token() throws(SecretStoreError) -> Secret? {
        try secrets.secret(for: Self.key)
    }

    /// Stores `token`, replacing any previous one.
    /// - Throws: `SecretStoreError`; the previous token is still stored.
    public func save(_ token: Secret) throws(SecretStoreError) {
        try secrets.setSecret(token, for: Self.key)
    }

    /// Removes the token.
    /// - Throws: `SecretStoreError`; the token may still be stored.
    public func clear() throws(SecretStoreError) {
        try secrets.removeSecret(for: Self.key)
    }
}
