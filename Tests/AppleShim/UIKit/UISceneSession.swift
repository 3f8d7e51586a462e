#if os(Linux)
import Foundation

/// Mirrors UIKit's `@MainActor class UISceneSession` (https://developer.apple.com/documentation/uikit/uiscenesession).
@MainActor
open class UISceneSession: NSObject {
    /// Mirrors `var persistentIdentifier: String { get }` (…/uiscenesession/persistentidentifier).
    public let persistentIdentifier: String
    /// Mirrors `var role: UISceneSession.Role { get }` (…/uiscenesession/role-swift.property).
    public let role: Role
    /// Mirrors `var stateRestorationActivity: NSUserActivity?` (…/uiscenesession/staterestorationactivity).
    open var stateRestorationActivity: NSUserActivity?

    /// Not in UIKit (UIKit creates sessions): for tests.
    public init(shimPersistentIdentifier persistentIdentifier: String, role: Role = .windowApplication) {
        self.persistentIdentifier = persistentIdentifier
        self.role = role
    }

    /// Mirrors `struct UISceneSession.Role` (…/uiscenesession/role-swift.struct).
    public struct Role: RawRepresentable, Hashable, Sendable {
        /// Mirrors `init(rawValue: String)`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Mirrors `var rawValue: String`.
        public var rawValue: String
        /// Mirrors `static let windowApplication: UISceneSession.Role` (…/uiscenesession/role-swift.struct/windowapplication).
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }
}

/// Mirrors `@MainActor class UISceneConfiguration` (https://developer.apple.com/documentation/uikit/uisceneconfiguration).
@MainActor
open class UISceneConfiguration: NSObject {
    /// Mirrors `var name: String? { get }` (…/uisceneconfiguration/name).
    public let name: String?
    /// Mirrors `var role: UISceneSession.Role { get }` (…/uisceneconfiguration/role).
    public let role: UISceneSession.Role
    /// Mirrors `var delegateClass: AnyClass?` (…/uisceneconfiguration/delegateclass).
    open var delegateClass: AnyClass?

    /// Mirrors `init(name: String?, sessionRole: UISceneSession.Role)` (…/uisceneconfiguration/init(name:sessionrole:)).
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        self.role = sessionRole
    }
}

/// Mirrors `@MainActor class UISceneDestructionRequestOptions`
/// (https://developer.apple.com/documentation/uikit/uiscenedestructionrequestoptions).
@MainActor
open class UISceneDestructionRequestOptions: NSObject {}
#endif
