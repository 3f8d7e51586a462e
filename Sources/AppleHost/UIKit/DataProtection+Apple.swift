#if (canImport(UIKit) && !os(watchOS)) || LIFELINE_APPLE_SHIM
import DurableState
import Foundation
#if LIFELINE_APPLE_SHIM
import AppleShim
#else
import Security
#endif

extension DataProtection {
    /// The `FileProtectionType` iOS creates the class's files with
    /// (https://developer.apple.com/documentation/foundation/fileprotectiontype): the four
    /// classes are the same four.
    public var fileProtectionType: FileProtectionType {
        switch self {
        case .complete: .complete
        case .completeUnlessOpen: .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
        case .none: .none
        }
    }

    /// The `NSData.WritingOptions` of a file written with the class
    /// (https://developer.apple.com/documentation/foundation/nsdata/writingoptions).
    public var writingOptions: Data.WritingOptions {
        switch self {
        case .complete: .completeFileProtection
        case .completeUnlessOpen: .completeFileProtectionUnlessOpen
        case .completeUntilFirstUserAuthentication: .completeFileProtectionUntilFirstUserAuthentication
        case .none: .noFileProtection
        }
    }

    /// The `kSecAttrAccessible…` value of a Keychain item of the class, never restored to
    /// another device (https://developer.apple.com/documentation/security/ksecattraccessible):
    /// `WhenUnlocked` for `DataProtection.complete` and `DataProtection.completeUnlessOpen`
    /// (the Keychain has no "unless open"), `AfterFirstUnlock` for the others
    /// (`kSecAttrAccessibleAlways` is deprecated). The same mapping as
    /// `KeychainSecretStore.Accessibility(_:)`.
    public var keychainAccessibility: CFString {
        switch self {
        case .complete, .completeUnlessOpen: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        case .completeUntilFirstUserAuthentication, .none: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        }
    }
}
#endif
