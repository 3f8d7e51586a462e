#if os(Linux)
import Foundation

/// Mirrors UIKit's `@MainActor class UIScene : UIResponder` (https://developer.apple.com/documentation/uikit/uiscene).
@MainActor
open class UIScene: UIResponder {
    /// Mirrors `var session: UISceneSession { get }` (…/uiscene/session).
    public let session: UISceneSession

    /// Not in UIKit (UIKit creates scenes): for tests.
    public init(shimSession session: UISceneSession) {
        self.session = session
    }

    /// Mirrors `@MainActor class UIScene.ConnectionOptions` (…/uiscene/connectionoptions).
    @MainActor
    open class ConnectionOptions: NSObject {
        /// Mirrors `var urlContexts: Set<UIOpenURLContext> { get }` (…/uiscene/connectionoptions/urlcontexts).
        public let urlContexts: Set<UIOpenURLContext>
        /// Mirrors `var userActivities: Set<NSUserActivity> { get }` (…/uiscene/connectionoptions/useractivities).
        public let userActivities: Set<NSUserActivity>
        /// Mirrors `var shortcutItem: UIApplicationShortcutItem? { get }` (…/uiscene/connectionoptions/shortcutitem).
        public let shortcutItem: UIApplicationShortcutItem?
        /// Mirrors `var notificationResponse: UNNotificationResponse? { get }`
        /// (…/uiscene/connectionoptions/notificationresponse).
        public let notificationResponse: UNNotificationResponse?

        /// Not in UIKit ("Don't create UIScene.ConnectionOptions objects directly"): for tests.
        public init(
            shimURLContexts urlContexts: Set<UIOpenURLContext> = [], userActivities: Set<NSUserActivity> = [],
            shortcutItem: UIApplicationShortcutItem? = nil, notificationResponse: UNNotificationResponse? = nil
        ) {
            self.urlContexts = urlContexts
            self.userActivities = userActivities
            self.shortcutItem = shortcutItem
            self.notificationResponse = notificationResponse
        }
    }

    /// Mirrors `@MainActor class UIScene.ActivationRequestOptions` (…/uiscene/activationrequestoptions).
    @MainActor
    open class ActivationRequestOptions: NSObject {}
}

/// Mirrors `@MainActor class UIWindowScene : UIScene` (https://developer.apple.com/documentation/uikit/uiwindowscene).
@MainActor
open class UIWindowScene: UIScene {}

/// Mirrors `@MainActor class UIOpenURLContext` (https://developer.apple.com/documentation/uikit/uiopenurlcontext).
@MainActor
open class UIOpenURLContext: NSObject {
    /// Mirrors `var url: URL { get }` (…/uiopenurlcontext/url).
    public let url: URL

    /// Not in UIKit: for tests.
    public init(shimURL url: URL) {
        self.url = url
    }
}

/// Mirrors `@MainActor class UIApplicationShortcutItem` (https://developer.apple.com/documentation/uikit/uiapplicationshortcutitem).
@MainActor
open class UIApplicationShortcutItem: NSObject {
    /// Mirrors `var type: String { get }` (…/uiapplicationshortcutitem/type).
    public let type: String

    /// Mirrors `init(type: String, localizedTitle: String)` (…/uiapplicationshortcutitem/init(type:localizedtitle:)).
    public init(type: String, localizedTitle: String) {
        self.type = type
    }
}
#endif
