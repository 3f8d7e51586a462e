#if os(Linux)
import Foundation

/// Mirrors `@MainActor protocol UISceneDelegate : NSObjectProtocol`
/// (https://developer.apple.com/documentation/uikit/uiscenedelegate): the methods AppleHost
/// implements, as requirements (optional in UIKit).
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    /// Mirrors `optional func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options
    /// connectionOptions: UIScene.ConnectionOptions)` (…/uiscenedelegate/scene(_:willconnectto:options:)).
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// Mirrors `optional func sceneDidDisconnect(_ scene: UIScene)` (…/uiscenedelegate/scenediddisconnect(_:)).
    func sceneDidDisconnect(_ scene: UIScene)
    /// Mirrors `optional func sceneWillEnterForeground(_ scene: UIScene)` (…/uiscenedelegate/scenewillenterforeground(_:)).
    func sceneWillEnterForeground(_ scene: UIScene)
    /// Mirrors `optional func sceneDidBecomeActive(_ scene: UIScene)` (…/uiscenedelegate/scenedidbecomeactive(_:)).
    func sceneDidBecomeActive(_ scene: UIScene)
    /// Mirrors `optional func sceneWillResignActive(_ scene: UIScene)` (…/uiscenedelegate/scenewillresignactive(_:)).
    func sceneWillResignActive(_ scene: UIScene)
    /// Mirrors `optional func sceneDidEnterBackground(_ scene: UIScene)` (…/uiscenedelegate/scenedidenterbackground(_:)).
    func sceneDidEnterBackground(_ scene: UIScene)
    /// Mirrors `optional func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)`
    /// (…/uiscenedelegate/scene(_:openurlcontexts:)).
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
    /// Mirrors `optional func scene(_ scene: UIScene, continue userActivity: NSUserActivity)`
    /// (…/uiscenedelegate/scene(_:continue:)).
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
    /// Mirrors `optional func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?`
    /// (…/uiscenedelegate/staterestorationactivity(for:)).
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
}

/// Mirrors `@MainActor protocol UIWindowSceneDelegate : UISceneDelegate`
/// (https://developer.apple.com/documentation/uikit/uiwindowscenedelegate).
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// Mirrors `optional var window: UIWindow? { get set }` (…/uiwindowscenedelegate/window).
    var window: UIWindow? { get set }
}
#endif
