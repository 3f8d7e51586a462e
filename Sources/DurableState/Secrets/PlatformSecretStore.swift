/// The platform's own secret store for an app, chosen by one rule, and a sentence saying which
/// it is.
///
/// ```swift
/// let secrets = try PlatformSecretStore.open(
///     PlatformSecretStore.Options(identifier: "org.example.CampusLibrary", applicationName: "Campus Library")
/// )
/// print("Your token is kept in \(secrets.location).")
/// ```
///
/// The rule: on Apple platforms the Keychain (`KeychainSecretStore`). On Linux the Secret
/// Service (`SecretServiceStore`) when a provider answers on the session bus; else the plaintext
/// 0600 file (``FileSecretStore``) **only** if the app opted into it with
/// ``Options/plaintextFallbackDirectory``; else the Secret Service's error. A locked keyring
/// still answers, so it is chosen: its reads fail with ``SecretStoreError/locked(collection:)``
/// until the user unlocks it, rather than secrets quietly moving to a file; a refusal
/// (``SecretStoreError/denied(_:)``) is not a reason to fall back either.
///
/// A `Sendable` value owned by the app's composition root; it lives as long as the app.
public struct PlatformSecretStore: Sendable {
    /// What the app asks for.
    public struct Options: Sendable {
        /// The app's reverse-DNS identifier: the Keychain service and the Secret Service schema.
        public var identifier: String
        /// The app's name as a person knows it, for item labels.
        public var applicationName: String
        /// Where to keep secrets in a plaintext 0600 file when no Secret Service answers, or
        /// `nil` (the default) to fail instead. Ignored on Apple platforms.
        public var plaintextFallbackDirectory: String?
        /// The item label of a key (Secret Service only); `nil` for `"<applicationName>: <key>"`.
        public var label: (@Sendable (_ key: String) -> String)?

        /// Options for the app `identifier` named `applicationName`.
        public init(
            identifier: String, applicationName: String, plaintextFallbackDirectory: String? = nil,
            label: (@Sendable (_ key: String) -> String)? = nil
        ) {
            self.identifier = identifier
            self.applicationName = applicationName
            self.plaintextFallbackDirectory = plaintextFallbackDirectory
            self.label = label
        }
    }

    /// The store chosen.
    public let store: any SecretStore
    /// Where the secrets are, for a person: "the desktop keyring (Secret Service)", "the
    /// Keychain", or "a plaintext file readable only by you (<path>)".
    public let location: String
    /// Why the Secret Service was not used, when the file store was chosen instead.
    public let fallbackReason: SecretStoreError?

    /// The platform's store for `options`, by the rule in the type's overview.
    /// - Throws: on Linux, the Secret Service's ``SecretStoreError`` when it does not answer and
    ///   no fallback was allowed, or the file store's error when its directory is refused.
    ///   Nothing is created then, except the fallback directory when that was chosen.
    public static func open(_ options: Options) throws(SecretStoreError) -> PlatformSecretStore {
        #if canImport(Security)
        return PlatformSecretStore(store: KeychainSecretStore(service: options.identifier), location: "the Keychain", fallbackReason: nil)
        #elseif os(Linux)
        let service = SecretServiceStore(schema: options.identifier, applicationName: options.applicationName, label: options.label)
        do {
            try service.checkAvailable()
            return PlatformSecretStore(store: service, location: "the desktop keyring (Secret Service)", fallbackReason: nil)
        } catch {
            guard let directory = options.plaintextFallbackDirectory else { throw error }
            switch error {
            case .noSessionBus, .noSecretService:
                let file = try FileSecretStore.unsafePlaintextFile(at: directory)
                return PlatformSecretStore(
                    store: file, location: "a plaintext file readable only by you (\(file.path))", fallbackReason: error
                )
            default:
                throw error
            }
        }
        #else
        guard let directory = options.plaintextFallbackDirectory else {
            throw .storage("this platform has no secret store of its own and no plaintext fallback was allowed")
        }
        let file = try FileSecretStore.unsafePlaintextFile(at: directory)
        return PlatformSecretStore(store: file, location: "a plaintext file readable only by you (\(file.path))", fallbackReason: nil)
        #endif
    }
}
