#if LIFELINE_APPLE_SHIM
import AppleHostOnShim
import AppleShim
import Foundation
import Lifecycle
import LifelineTestSupport
import Testing

/// An app's delegate bridge whose runtime logs every callback in the ProcessHost conformance
/// format: `app.<event>` from an application observer, `scene.<callback> <session>` from the scene
/// delegates (and `scene.openURLs`, `scene.continue` for links). Main actor; one per test.
@MainActor
final class LoggingApplicationDelegate: LifelineApplicationDelegate {
    private(set) var lines: [String] = []
    let payload = Data("restorable".utf8)

    override func makeRuntime() -> LifecycleRuntime {
        let runtime = LifecycleRuntime(clock: VirtualClock())
        runtime.addApplicationObserver { [weak self] event in self?.lines.append("app.\(event)") }
        runtime.sceneDelegateFactory = { [weak self] _ in
            LoggingSceneDelegate(payload: self?.payload) { self?.lines.append($0) }
        }
        return runtime
    }

    func take() -> [String] {
        defer { lines.removeAll() }
        return lines
    }
}

/// The scene delegate of ``LoggingApplicationDelegate``'s runtime.
@MainActor
final class LoggingSceneDelegate: SceneDelegate {
    let payload: Data?
    let log: @MainActor (String) -> Void

    init(payload: Data?, log: @escaping @MainActor (String) -> Void) {
        self.payload = payload
        self.log = log
    }

    func sceneWillConnect(_ scene: LifecycleScene, options: ConnectionOptions) {
        log("scene.willConnect \(scene.id)")
        if !options.urls.isEmpty { log("scene.connectionURLs \(options.urls.map(\.absoluteString))") }
    }
    func sceneWillEnterForeground(_ scene: LifecycleScene) { log("scene.willEnterForeground \(scene.id)") }
    func sceneDidBecomeActive(_ scene: LifecycleScene) { log("scene.didBecomeActive \(scene.id)") }
    func sceneWillResignActive(_ scene: LifecycleScene) { log("scene.willResignActive \(scene.id)") }
    func sceneDidEnterBackground(_ scene: LifecycleScene) { log("scene.didEnterBackground \(scene.id)") }
    func sceneDidDisconnect(_ scene: LifecycleScene) { log("scene.didDisconnect \(scene.id)") }
    func stateRestorationPayload(for scene: LifecycleScene) -> Data? { payload }
    func scene(_ scene: LifecycleScene, openURLs urls: [URL]) { log("scene.openURLs \(urls.map(\.absoluteString))") }
    func scene(_ scene: LifecycleScene, continue activity: UserActivity) { log("scene.continue \(activity.activityType)") }
}

/// UIKitHost's mapping, driven through AppleShim's UIKit types on Linux: UIKit's callbacks, in
/// the order UIKit documents them, must produce the same ordered log as ProcessHost's real
/// signals (``ConformanceLog``). What this proves and does not is in the README.
@Suite("UIKitHost through AppleShim", .serialized)
@MainActor
struct UIKitHostTests {
    let application = UIApplication.shared
    let delegate = LoggingApplicationDelegate()
    let session = UISceneSession(shimPersistentIdentifier: "scene-1")

    init() {
        application.delegate = delegate
    }

    /// Launches, asks for the scene's configuration, and connects the scene through the bridge.
    func launchAndConnect(options: UIScene.ConnectionOptions = UIScene.ConnectionOptions()) -> (UIScene, LifelineSceneDelegate) {
        _ = delegate.application(application, didFinishLaunchingWithOptions: nil)
        let configuration = delegate.application(application, configurationForConnecting: session, options: options)
        #expect(configuration.delegateClass.map(ObjectIdentifier.init) == ObjectIdentifier(LifelineSceneDelegate.self))
        let scene = UIWindowScene(shimSession: session)
        let sceneDelegate = LifelineSceneDelegate()
        sceneDelegate.scene(scene, willConnectTo: session, options: options)
        sceneDelegate.sceneWillEnterForeground(scene)
        sceneDelegate.sceneDidBecomeActive(scene)
        return (scene, sceneDelegate)
    }

    @Test("launch, connect, foreground and activate give ProcessHost's launch log")
    func launchLog() {
        _ = launchAndConnect()
        #expect(delegate.take() == ConformanceLog.launch(scene: "scene-1"))
    }

    @Test("resign, background, foreground, resign, background, terminate give ProcessHost's logs in order")
    func backgroundForegroundTerminate() {
        let (scene, sceneDelegate) = launchAndConnect()
        sceneDelegate.sceneWillResignActive(scene)
        sceneDelegate.sceneDidEnterBackground(scene)
        sceneDelegate.sceneWillEnterForeground(scene)
        sceneDelegate.sceneDidBecomeActive(scene)
        sceneDelegate.sceneWillResignActive(scene)
        sceneDelegate.sceneDidEnterBackground(scene)
        delegate.applicationWillTerminate(application)
        let scene1 = "scene-1"
        #expect(
            delegate.take()
                == ConformanceLog.launch(scene: scene1) + ConformanceLog.resignAndBackground(scene: scene1)
                + ConformanceLog.foregroundAndActive(scene: scene1) + ConformanceLog.resignAndBackground(scene: scene1)
                + ConformanceLog.terminate
        )
    }

    @Test("a URL at connection, a URL and an activity while running, a memory warning and a disconnect reach the runtime")
    func linksMemoryAndDisconnect() throws {
        let link = try #require(URL(string: "campuslibrary://book/austen-emma"))
        let options = UIScene.ConnectionOptions(shimURLContexts: [UIOpenURLContext(shimURL: link)])
        let (scene, sceneDelegate) = launchAndConnect(options: options)
        _ = delegate.take()
        sceneDelegate.scene(scene, openURLContexts: [UIOpenURLContext(shimURL: link)])
        sceneDelegate.scene(scene, continue: NSUserActivity(activityType: "org.example.browse"))
        delegate.applicationDidReceiveMemoryWarning(application)
        sceneDelegate.sceneDidDisconnect(scene)
        #expect(
            delegate.take() == [
                "scene.openURLs [\"campuslibrary://book/austen-emma\"]", "scene.continue org.example.browse",
                "app.didReceiveMemoryWarning",
                "scene.willResignActive scene-1", "app.willResignActive", "scene.didEnterBackground scene-1", "app.didEnterBackground",
                "scene.didDisconnect scene-1",
            ]
        )
    }

    @Test("the connection's URL contexts become the scene's connection options")
    func connectionURLs() throws {
        let link = try #require(URL(string: "campuslibrary://book/austen-emma"))
        _ = launchAndConnect(options: UIScene.ConnectionOptions(shimURLContexts: [UIOpenURLContext(shimURL: link)]))
        #expect(delegate.take().contains("scene.connectionURLs [\"campuslibrary://book/austen-emma\"]"))
    }

    @Test("the restoration payload the runtime collected on entering the background is UIKit's restoration activity")
    func restorationActivity() throws {
        let (scene, sceneDelegate) = launchAndConnect()
        sceneDelegate.sceneWillResignActive(scene)
        sceneDelegate.sceneDidEnterBackground(scene)
        let activity = try #require(sceneDelegate.stateRestorationActivity(for: scene))
        #expect(activity.activityType == AppleHost.restorationActivityType)
        #expect(activity.userInfo?[AppleHost.restorationPayloadKey] as? Data == delegate.payload)

        session.stateRestorationActivity = activity
        let relaunched = LoggingApplicationDelegate()
        application.delegate = relaunched
        _ = relaunched.application(application, didFinishLaunchingWithOptions: nil)
        LifelineSceneDelegate().scene(UIWindowScene(shimSession: session), willConnectTo: session, options: UIScene.ConnectionOptions())
        #expect(relaunched.host?.runtime.sessions[SceneSessionID("scene-1")]?.restorationPayload == delegate.payload)
    }
}
#endif
