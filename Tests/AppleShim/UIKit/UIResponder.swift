#if os(Linux)
import Foundation

/// Mirrors UIKit's `@MainActor class UIResponder : NSObject`
/// (https://developer.apple.com/documentation/uikit/uiresponder).
@MainActor
open class UIResponder: NSObject {
    /// Mirrors `init()`, inherited from `NSObject`.
    override public init() {}
}

/// Mirrors `@MainActor class UIWindow` (https://developer.apple.com/documentation/uikit/uiwindow).
@MainActor
open class UIWindow: UIResponder {}

/// Mirrors `struct UIBackgroundTaskIdentifier` (https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier).
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    /// Mirrors `init(rawValue: Int)`.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Mirrors `var rawValue: Int`.
    public var rawValue: Int
    /// Mirrors `static let invalid: UIBackgroundTaskIdentifier` (…/uibackgroundtaskidentifier/invalid).
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}
#endif
