import Lifecycle

/// The probe's scene delegate: logs each callback as `scene.<callback> <session>`; with
/// `--lease-ms`, takes an extra-time lease on entering the background and ends it later.
/// Created per scene object by the runtime; lives on the main actor.
@MainActor
final class ProbeScene: SceneDelegate {
    private let options: ProbeOptions
    private weak var runtime: LifecycleRuntime?

    init(options: ProbeOptions, runtime: LifecycleRuntime) {
        self.options = options
        self.runtime = runtime
    }

    func sceneWillConnect(_ scene: LifecycleScene, options: ConnectionOptions) { log("willConnect", scene) }
    func sceneWillEnterForeground(_ scene: LifecycleScene) { log("willEnterForeground", scene) }
    func sceneDidBecomeActive(_ scene: LifecycleScene) { log("didBecomeActive", scene) }
    func sceneWillResignActive(_ scene: LifecycleScene) { log("willResignActive", scene) }
    func sceneDidDisconnect(_ scene: LifecycleScene) { log("didDisconnect", scene) }

    func sceneDidEnterBackground(_ scene: LifecycleScene) {
        log("didEnterBackground", scene)
        guard let milliseconds = options.leaseMilliseconds, let runtime else { return }
        let lease = runtime.beginExtraTime("probe flush")
        ProbeOutput.line("lease.begin")
        runtime.clock.schedule(after: .milliseconds(milliseconds)) {
            ProbeOutput.line("lease.end")
            lease.end()
        }
    }

    private func log(_ callback: String, _ scene: LifecycleScene) {
        ProbeOutput.line("scene.\(callback) \(scene.id)")
    }
}
