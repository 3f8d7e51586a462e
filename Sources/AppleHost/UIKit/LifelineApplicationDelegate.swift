#if (canImport(UIKit) && !os(watchOS)) || LIFELINE_APPLE_SHIM
import Lifecycle
#if LIFELINE_APPLE_SHIM
import AppleShim
#else
import UIKit
#endif

/// The application-delegate bridge: subclass it, build your composition root in ``makeRuntime()``,
/// and mark the subclass `@main`. It forwards every process-level callback to the ``UIKitHost``.
///
/// ```swift
/// @main
/// final class AppDelegate: LifelineApplicationDelegate {
///     override func makeRuntime() -> LifecycleRuntime { AppComposition.live().runtime }
/// }
/// ```
///
/// Created by UIKit, lives for the process; main actor.
@MainActor
open class LifelineApplicationDelegate: UIResponder, UIApplicationDelegate {
    /// The host, created at launch.
    public private(set) var host: UIKitHost?

    /// Builds the runtime (the composition root). Override it; the default has no delegates.
    open func makeRuntime() -> LifecycleRuntime {
        LifecycleRuntime(clock: SystemClock())
    }

    /// Background-task identifiers to register with `BGTaskScheduler` before launch finishes.
    open var backgroundTaskIdentifiers: [String] { [] }

    open func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        let host = UIKitHost(runtime: makeRuntime())
        self.host = host
        host.didFinishLaunching(options: launchOptions)
        host.registerBackgroundTasks(identifiers: backgroundTaskIdentifiers)
        return true
    }

    open func application(
        _ application: UIApplication,
        configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = LifelineSceneDelegate.self
        return configuration
    }

    open func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        host?.didDiscard(sceneSessions)
    }

    open func applicationDidReceiveMemoryWarning(_ application: UIApplication) {
        host?.didReceiveMemoryWarning()
    }

    open func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication) {
        host?.protectedDataWillBecomeUnavailable()
    }

    open func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication) {
        host?.protectedDataDidBecomeAvailable()
    }

    open func applicationWillTerminate(_ application: UIApplication) {
        host?.willTerminate()
    }
}
#endif
