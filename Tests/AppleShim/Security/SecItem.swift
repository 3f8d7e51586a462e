#if os(Linux)
import Foundation

// The Security and Core Foundation declarations DurableState's KeychainSecretStore uses
// (https://developer.apple.com/documentation/security/keychain-services). Core Foundation types
// are their Foundation counterparts here, which bridge from Swift collections on Linux as the
// toll-free bridged CF types do on Apple platforms. Constants are computed so that they need no
// concurrency annotation; their values are placeholders. The functions find nothing and store
// nothing.

/// Mirrors Core Foundation's `class CFString` (https://developer.apple.com/documentation/corefoundation/cfstring).
public typealias CFString = NSString
/// Mirrors `class CFDictionary` (https://developer.apple.com/documentation/corefoundation/cfdictionary).
public typealias CFDictionary = NSDictionary
/// Mirrors `typealias CFTypeRef = AnyObject` (https://developer.apple.com/documentation/corefoundation/cftyperef).
public typealias CFTypeRef = AnyObject
/// Mirrors `typealias OSStatus = Int32` (https://developer.apple.com/documentation/kernel/osstatus).
public typealias OSStatus = Int32

/// Mirrors `var errSecSuccess: OSStatus { get }` (https://developer.apple.com/documentation/security/errsecsuccess).
public var errSecSuccess: OSStatus { 0 }
/// Mirrors `var errSecItemNotFound: OSStatus { get }` (…/security/errsecitemnotfound).
public var errSecItemNotFound: OSStatus { -25300 }
/// Mirrors `var errSecInteractionNotAllowed: OSStatus { get }` (…/security/errsecinteractionnotallowed).
public var errSecInteractionNotAllowed: OSStatus { -25308 }

/// Mirrors `let kSecClass: CFString` (…/security/ksecclass).
public var kSecClass: CFString { "class" }
/// Mirrors `let kSecClassGenericPassword: CFString` (…/security/ksecclassgenericpassword).
public var kSecClassGenericPassword: CFString { "genp" }
/// Mirrors `let kSecAttrService: CFString` (…/security/ksecattrservice).
public var kSecAttrService: CFString { "svce" }
/// Mirrors `let kSecAttrAccount: CFString` (…/security/ksecattraccount).
public var kSecAttrAccount: CFString { "acct" }
/// Mirrors `let kSecAttrAccessGroup: CFString` (…/security/ksecattraccessgroup).
public var kSecAttrAccessGroup: CFString { "agrp" }
/// Mirrors `let kSecAttrAccessible: CFString` (…/security/ksecattraccessible).
public var kSecAttrAccessible: CFString { "pdmn" }
/// Mirrors `let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString`
/// (…/security/ksecattraccessibleafterfirstunlockthisdeviceonly).
public var kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString { "cku" }
/// Mirrors `let kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString`
/// (…/security/ksecattraccessiblewhenunlockedthisdeviceonly).
public var kSecAttrAccessibleWhenUnlockedThisDeviceOnly: CFString { "aku" }
/// Mirrors `let kSecValueData: CFString` (…/security/ksecvaluedata).
public var kSecValueData: CFString { "v_Data" }
/// Mirrors `let kSecReturnData: CFString` (…/security/ksecreturndata).
public var kSecReturnData: CFString { "r_Data" }
/// Mirrors `let kSecMatchLimit: CFString` (…/security/ksecmatchlimit).
public var kSecMatchLimit: CFString { "m_Limit" }
/// Mirrors `let kSecMatchLimitOne: CFString` (…/security/ksecmatchlimitone).
public var kSecMatchLimitOne: CFString { "m_LimitOne" }

/// Mirrors `func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus`
/// (…/security/secitemcopymatching(_:_:)). Finds nothing.
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    errSecItemNotFound
}

/// Mirrors `func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus`
/// (…/security/secitemadd(_:_:)). Stores nothing.
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    errSecSuccess
}

/// Mirrors `func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus`
/// (…/security/secitemupdate(_:_:)). Finds nothing to update.
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    errSecItemNotFound
}

/// Mirrors `func SecItemDelete(_ query: CFDictionary) -> OSStatus` (…/security/secitemdelete(_:)).
/// Finds nothing to delete.
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    errSecItemNotFound
}
#endif
