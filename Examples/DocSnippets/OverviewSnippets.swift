import Lifecycle
import ProcessHost

/// An app delegate that does nothing: the stand-in of the overview snippets. Main actor.
@MainActor
final class OverviewAppDelegate: ApplicationDelegate {}

/// A window's scene delegate that does nothing: the stand-in of the overview snippets. Main actor.
@MainActor
final class WindowController: SceneDelegate {
    let scene: LifecycleScene
    init(scene: LifecycleScene) { self.scene = scene }
}

/// The overview snippets of the existing catalogs, `Lifecycle.docc/Lifecycle.md` and
/// `ProcessHost.docc/ProcessHost.md`, compiled by `swift build` (not run). Main actor.
@MainActor
enum OverviewSnippets {
    /// `Lifecycle.md`: a runtime driven by host events.
    static func lifecycleOverview(appDelegate: OverviewAppDelegate) throws(LifecycleError) -> LifecycleRuntime {
        let runtime = LifecycleRuntime(clock: SystemClock())
        runtime.applicationDelegate = appDelegate
        runtime.sceneDelegateFactory = { scene in WindowController(scene: scene) }
        try runtime.handle(.launch(LaunchOptions()))
        try runtime.handle(.connectScene(SceneSession(), .none, foreground: true))
        return runtime
    }

    /// `ProcessHost.md`: the app as a terminal process (never returns).
    static func processHostOverview() -> Never {
        let host = ProcessHost(configuration: ProcessHostConfiguration(terminal: .fullScreen))
        let appDelegate = OverviewAppDelegate()
        host.runtime.applicationDelegate = appDelegate
        host.runtime.sceneDelegateFactory = { scene in WindowController(scene: scene) }
        host.onKey = { key in if key == .character("q") { host.quit() } }
        host.run()
    }
}
