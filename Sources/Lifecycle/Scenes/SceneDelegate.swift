import Foundation

/// Delegate-style scene callbacks in UIKit's vocabulary. Every method has an empty default.
///
/// The app's scene factory (``LifecycleRuntime/sceneDelegateFactory``) creates one delegate per
/// scene object; the scene retains it until it disconnects. The delegate is the scene's first
/// observer, so it hears upward events before, and downward events after, every other observer.
/// Lives on the main actor.
@MainActor
public protocol SceneDelegate: AnyObject {
    /// The scene is connecting; `options` carry URLs, user activities and the restoration payload
    /// is on `scene.session`.
    func sceneWillConnect(_ scene: LifecycleScene, options: ConnectionOptions)
    /// The scene is about to come on screen.
    func sceneWillEnterForeground(_ scene: LifecycleScene)
    /// The scene became interactive.
    func sceneDidBecomeActive(_ scene: LifecycleScene)
    /// The scene is about to stop being interactive (an interruption, the app switcher): flush
    /// pending writes now.
    func sceneWillResignActive(_ scene: LifecycleScene)
    /// The scene left the screen; the process may be suspended a few seconds later with no callback.
    func sceneDidEnterBackground(_ scene: LifecycleScene)
    /// The scene object was released; its session survives and may reconnect with a new object.
    func sceneDidDisconnect(_ scene: LifecycleScene)
    /// The restoration state to keep with the session; asked when the scene enters the background
    /// and before it disconnects.
    func stateRestorationPayload(for scene: LifecycleScene) -> Data?
    /// URLs delivered while the scene is connected.
    func scene(_ scene: LifecycleScene, openURLs urls: [URL])
    /// A user activity (universal link, handoff) delivered while the scene is connected.
    func scene(_ scene: LifecycleScene, continue activity: UserActivity)
}

extension SceneDelegate {
    /// Does nothing.
    public func sceneWillConnect(_ scene: LifecycleScene, options: ConnectionOptions) {}
    /// Does nothing.
    public func sceneWillEnterForeground(_ scene: LifecycleScene) {}
    /// Does nothing.
    public func sceneDidBecomeActive(_ scene: LifecycleScene) {}
    /// Does nothing.
    public func sceneWillResignActive(_ scene: LifecycleScene) {}
    /// Does nothing.
    public func sceneDidEnterBackground(_ scene: LifecycleScene) {}
    /// Does nothing.
    public func sceneDidDisconnect(_ scene: LifecycleScene) {}
    /// Returns `nil`: no restoration state.
    public func stateRestorationPayload(for scene: LifecycleScene) -> Data? { nil }
    /// Does nothing.
    public func scene(_ scene: LifecycleScene, openURLs urls: [URL]) {}
    /// Does nothing.
    public func scene(_ scene: LifecycleScene, continue activity: UserActivity) {}
}
