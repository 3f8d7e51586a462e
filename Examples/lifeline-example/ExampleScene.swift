import Lifecycle

/// The example's scene delegate: reports each callback to the app's event log.
/// Created per scene object by the runtime; lives on the main actor.
@MainActor
final class ExampleScene: SceneDelegate {
    private let report: @MainActor (String) -> Void

    init(report: @escaping @MainActor (String) -> Void) {
        self.report = report
    }

    func sceneWillConnect(_ scene: LifecycleScene, options: ConnectionOptions) { report("willConnect") }
    func sceneWillEnterForeground(_ scene: LifecycleScene) { report("willEnterForeground") }
    func sceneDidBecomeActive(_ scene: LifecycleScene) { report("didBecomeActive") }
    func sceneWillResignActive(_ scene: LifecycleScene) { report("willResignActive (flush drafts here)") }
    func sceneDidEnterBackground(_ scene: LifecycleScene) { report("didEnterBackground") }
    func sceneDidDisconnect(_ scene: LifecycleScene) { report("didDisconnect") }
}
