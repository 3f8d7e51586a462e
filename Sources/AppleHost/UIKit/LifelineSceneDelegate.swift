#if (canImport(UIKit) && !os(watchOS)) || LIFELINE_APPLE_SHIM
import Lifecycle
#if LIFELINE_APPLE_SHIM
import AppleShim
#else
import UIKit
#endif

/// The scene-delegate bridge: forwards each scene callback to the ``UIKitHost`` of the
/// ``LifelineApplicationDelegate``. The app's own per-scene code is the `SceneDelegate` its
/// runtime's `sceneDelegateFactory` creates; it never subclasses this.
///
/// Created by UIKit for each scene; main actor.
@MainActor
public final class LifelineSceneDelegate: UIResponder, UIWindowSceneDelegate {
    /// The window UIKit expects a window-scene delegate to hold.
    public var window: UIWindow?

    private var host: UIKitHost? {
        (UIApplication.shared.delegate as? LifelineApplicationDelegate)?.host
    }

    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        host?.willConnect(scene, session: session, options: connectionOptions)
    }

    public func sceneDidDisconnect(_ scene: UIScene) {
        host?.didDisconnect(scene.session)
    }

    public func sceneWillEnterForeground(_ scene: UIScene) {
        host?.scene(scene.session, reached: .foregroundInactive)
    }

    public func sceneDidBecomeActive(_ scene: UIScene) {
        host?.scene(scene.session, reached: .foregroundActive)
    }

    public func sceneWillResignActive(_ scene: UIScene) {
        host?.scene(scene.session, reached: .foregroundInactive)
    }

    public func sceneDidEnterBackground(_ scene: UIScene) {
        host?.scene(scene.session, reached: .background)
    }

    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        host?.open(URLContexts, in: scene.session)
    }

    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        host?.continue(userActivity, in: scene.session)
    }

    public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        host?.stateRestorationActivity(for: scene.session)
    }
}
#endif
