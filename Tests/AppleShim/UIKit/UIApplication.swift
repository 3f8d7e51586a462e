#if os(Linux)
import Foundation

/// Mirrors UIKit's `@MainActor class UIApplication : UIResponder`
/// (https://developer.apple.com/documentation/uikit/uiapplication). Requests to the system do nothing.
@MainActor
open class UIApplication: UIResponder {
    private static let sharedApplication = UIApplication()

    /// Mirrors `class var shared: UIApplication { get }` (…/uiapplication/shared).
    open class var shared: UIApplication { sharedApplication }

    /// Mirrors `unowned(unsafe) var delegate: (any UIApplicationDelegate)? { get set }`
    /// (…/uiapplication/delegate); `weak` here, which is safe where UIKit's is not.
    open weak var delegate: (any UIApplicationDelegate)?

    /// Mirrors `func requestSceneSessionActivation(_ sceneSession: UISceneSession?, userActivity:
    /// NSUserActivity?, options: UIScene.ActivationRequestOptions?, errorHandler: ((any Error) -> Void)? = nil)`
    /// (…/uiapplication/requestscenesessionactivation(_:useractivity:options:errorhandler:)).
    open func requestSceneSessionActivation(
        _ sceneSession: UISceneSession?, userActivity: NSUserActivity?, options: UIScene.ActivationRequestOptions?,
        errorHandler: ((any Error) -> Void)? = nil
    ) {}

    /// Mirrors `func requestSceneSessionDestruction(_ sceneSession: UISceneSession, options:
    /// UISceneDestructionRequestOptions?, errorHandler: ((any Error) -> Void)? = nil)`
    /// (…/uiapplication/requestscenesessiondestruction(_:options:errorhandler:)).
    open func requestSceneSessionDestruction(
        _ sceneSession: UISceneSession, options: UISceneDestructionRequestOptions?, errorHandler: ((any Error) -> Void)? = nil
    ) {}

    /// Mirrors `nonisolated func beginBackgroundTask(withName taskName: String?, expirationHandler
    /// handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier`
    /// (…/uiapplication/beginbackgroundtask(withname:expirationhandler:)).
    nonisolated open func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        .invalid
    }

    /// Mirrors `nonisolated func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier)`
    /// (…/uiapplication/endbackgroundtask(_:)).
    nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}

    /// Mirrors `struct UIApplication.LaunchOptionsKey` (…/uiapplication/launchoptionskey).
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        /// Mirrors `init(rawValue: String)`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Mirrors `var rawValue: String`.
        public var rawValue: String
        /// Mirrors `static let url: UIApplication.LaunchOptionsKey` (…/uiapplication/launchoptionskey/url).
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
    }
}

/// Mirrors `@MainActor protocol UIApplicationDelegate : NSObjectProtocol`
/// (https://developer.apple.com/documentation/uikit/uiapplicationdelegate): the methods AppleHost
/// implements, as requirements (optional in UIKit).
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    /// Mirrors `optional func application(_ application: UIApplication, didFinishLaunchingWithOptions
    /// launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool`
    /// (…/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:)).
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool

    /// Mirrors `optional func application(_ application: UIApplication, configurationForConnecting
    /// connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration`
    /// (…/uiapplicationdelegate/application(_:configurationforconnecting:options:)).
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration

    /// Mirrors `optional func application(_ application: UIApplication, didDiscardSceneSessions
    /// sceneSessions: Set<UISceneSession>)` (…/uiapplicationdelegate/application(_:diddiscardscenesessions:)).
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)

    /// Mirrors `optional func applicationDidReceiveMemoryWarning(_ application: UIApplication)`
    /// (…/uiapplicationdelegate/applicationdidreceivememorywarning(_:)).
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)

    /// Mirrors `optional func applicationWillTerminate(_ application: UIApplication)`
    /// (…/uiapplicationdelegate/applicationwillterminate(_:)).
    func applicationWillTerminate(_ application: UIApplication)
}
#endif
