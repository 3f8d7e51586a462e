#if canImport(Security) || LIFELINE_APPLE_SHIM
import Foundation
#if LIFELINE_APPLE_SHIM
import AppleShim
import DurableState
#else
import Security
#endif

/// A ``SecretStore`` backed by the Keychain: generic-password items of one service.
///
/// ```swift
/// let store = KeychainSecretStore(service: "org.example.campus-library")
/// try store.setSecret(Secret(token), for: "api-token")
/// ```
///
/// Each key is an item of class `kSecClassGenericPassword` with `kSecAttrService` = ``service``
/// and `kSecAttrAccount` = the key; the secret is stored as UTF-8 data. On macOS the
/// data-protection keychain is used (the same as iOS). A thin layer over `SecItemAdd`,
/// `SecItemCopyMatching`, `SecItemUpdate` and `SecItemDelete`; their failures are reported as
/// ``SecretStoreError/platform(status:)`` with the `OSStatus`, but for `errSecInteractionNotAllowed`
/// (the item's class keeps it closed while the device is locked), reported as
/// ``SecretStoreError/protectedDataUnavailable(_:)`` — never as "no secret". A `Sendable` value; the Keychain
/// serializes access itself.
public struct KeychainSecretStore: SecretStore, CustomStringConvertible {
    /// When the items may be read.
    public enum Accessibility: Sendable {
        /// After the first unlock following a restart, never restored to another device: the
        /// default, so that background work (refresh, silent push) can read the secret.
        case afterFirstUnlockThisDeviceOnly
        /// Only while the device is unlocked, never restored to another device.
        case whenUnlockedThisDeviceOnly

        /// The Keychain class of `protection`: ``DataProtection/complete`` and
        /// ``DataProtection/completeUnlessOpen`` (which the Keychain does not have) are kept
        /// when unlocked; ``DataProtection/completeUntilFirstUserAuthentication`` and
        /// ``DataProtection/none`` (`kSecAttrAccessibleAlways` is deprecated) after the first unlock.
        public init(_ protection: DataProtection) {
            switch protection {
            case .complete, .completeUnlessOpen: self = .whenUnlockedThisDeviceOnly
            case .completeUntilFirstUserAuthentication, .none: self = .afterFirstUnlockThisDeviceOnly
            }
        }

        /// The ``DataProtection`` class with the same availability.
        public var protection: DataProtection {
            switch self {
            case .afterFirstUnlockThisDeviceOnly: .completeUntilFirstUserAuthentication
            case .whenUnlockedThisDeviceOnly: .complete
            }
        }

        var attribute: CFString {
            switch self {
            case .afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            case .whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
            }
        }
    }

    /// The `kSecAttrService` of the items: usually the bundle identifier.
    public let service: String
    /// The keychain access group shared with extensions, or `nil` for the app's default.
    public let accessGroup: String?
    /// When the items may be read.
    public let accessibility: Accessibility

    /// A store for the items of `service`, of the Keychain class of `protection`
    /// (``Accessibility/init(_:)``).
    public init(service: String, accessGroup: String? = nil, protection: DataProtection) {
        self.init(service: service, accessGroup: accessGroup, accessibility: Accessibility(protection))
    }

    /// A store for the items of `service`.
    public init(service: String, accessGroup: String? = nil, accessibility: Accessibility = .afterFirstUnlockThisDeviceOnly) {
        self.service = service
        self.accessGroup = accessGroup
        self.accessibility = accessibility
    }

    /// The secret stored under `key`, or `nil`.
    /// - Throws: ``SecretStoreError/protectedDataUnavailable(_:)`` if the item's class keeps it
    ///   closed now (`errSecInteractionNotAllowed`: the device is locked, or not yet unlocked since
    ///   it booted — the item may well exist); ``SecretStoreError/platform(status:)`` if the
    ///   Keychain refuses otherwise; ``SecretStoreError/corrupt(_:)`` if the item is not UTF-8
    ///   text. Nothing changes.
    public func secret(for key: String) throws(SecretStoreError) -> Secret? {
        var query = itemQuery(for: key)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        switch status {
        case errSecSuccess:
            guard let data = result as? Data, let text = String(data: data, encoding: .utf8) else {
                throw .corrupt("the Keychain item for \(key) is not UTF-8 text")
            }
            return Secret(text)
        case errSecItemNotFound:
            return nil
        default:
            throw error(status, key)
        }
    }

    /// Stores `secret` under `key`: updates the item, or adds it if there is none.
    /// - Throws: ``SecretStoreError/platform(status:)``; the previous secret is still stored.
    public func setSecret(_ secret: Secret, for key: String) throws(SecretStoreError) {
        let attributes: [String: Any] = [
            kSecValueData as String: Data(secret.revealed.utf8),
            kSecAttrAccessible as String: accessibility.attribute,
        ]
        var status = SecItemUpdate(itemQuery(for: key) as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            let item = itemQuery(for: key).merging(attributes) { _, new in new }
            status = SecItemAdd(item as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw error(status, key) }
    }

    /// Removes the item under `key`; succeeds if there is none.
    /// - Throws: ``SecretStoreError/platform(status:)``; the item may still be stored.
    public func removeSecret(for key: String) throws(SecretStoreError) {
        let status = SecItemDelete(itemQuery(for: key) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw error(status, key) }
    }

    /// `KeychainSecretStore(<service>)`: never a secret.
    public var description: String { "KeychainSecretStore(\(service))" }

    /// The error of a failed call on `key`'s item: "protected data is unavailable" for
    /// `errSecInteractionNotAllowed` (the Keychain does not say whether the device is locked or
    /// not yet unlocked since it booted), the status otherwise.
    private func error(_ status: OSStatus, _ key: String) -> SecretStoreError {
        guard status == errSecInteractionNotAllowed else { return .platform(status: status) }
        return .protectedDataUnavailable(
            ProtectedDataUnavailable(item: key, protection: accessibility.protection, access: .openExisting, deviceState: nil))
    }

    /// The attributes that identify the item of `key`.
    private func itemQuery(for key: String) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: key,
        ]
        if let accessGroup {
            query[kSecAttrAccessGroup as String] = accessGroup
        }
        #if os(macOS)
        query[kSecUseDataProtectionKeychain as String] = true
        #endif
        return query
    }
}
#endif
