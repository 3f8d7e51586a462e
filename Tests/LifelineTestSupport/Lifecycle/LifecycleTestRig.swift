import Foundation
import Lifecycle

/// A runtime on a ``VirtualClock`` wired to recording fakes that all write to one
/// ``LifecycleEventLog``: the application delegate, a recording host and a
/// ``RecordingSceneDelegate`` per scene object. Owned by one test; lives on the main actor.
///
/// ```swift
/// let rig = LifecycleTestRig()
/// try rig.launch()
/// try rig.connect("A")
/// #expect(rig.log.take() == ["appDelegate willFinishLaunching", …])
/// ```
@MainActor
public final class LifecycleTestRig {
    /// The shared log.
    public let log = LifecycleEventLog()
    /// The runtime's clock.
    public let clock: VirtualClock
    /// The runtime's tracker.
    public let tracker = WorkTracker()
    /// The runtime under test.
    public let runtime: LifecycleRuntime
    /// The host (held strongly here; the runtime holds it weakly).
    public let host: RecordingLifecycleHost
    /// The application delegate.
    public let applicationDelegate: RecordingApplicationDelegate
    /// The delegate of each scene object created so far, in creation order.
    public private(set) var sceneDelegates: [RecordingSceneDelegate] = []
    /// The payload each new scene delegate answers restoration requests with, by session.
    public var payloads: [SceneSessionID: Data] = [:]
    /// Runs in the scene factory, after the delegate is created and before `willConnect`: for
    /// tests that observe a scene from its first event.
    public var onSceneCreated: (@MainActor (LifecycleScene) -> Void)?
    /// Records written by the runtime's logger.
    public let logSink = MemoryLogSink()

    /// Creates a rig whose host enforces `budgets`.
    public init(budgets: BackgroundBudgets = .iOS) {
        clock = VirtualClock()
        host = RecordingLifecycleHost(log: log, budgets: budgets)
        applicationDelegate = RecordingApplicationDelegate(log: log)
        runtime = LifecycleRuntime(
            clock: clock, tracker: tracker,
            logger: LifelineLogger(category: "test", sink: logSink, minimumLevel: .debug), budgets: budgets
        )
        runtime.host = host
        runtime.applicationDelegate = applicationDelegate
        runtime.sceneDelegateFactory = { [weak self] scene in
            guard let self else { return nil }
            let delegate = RecordingSceneDelegate(scene: scene, log: self.log)
            delegate.payload = self.payloads[scene.id]
            self.sceneDelegates.append(delegate)
            self.onSceneCreated?(scene)
            return delegate
        }
    }

    /// Ends the process (``LifecycleRuntime/markKilled()``), which drops every observer and what
    /// the app handed in. A test whose observers capture the rig (which holds the runtime that
    /// holds them) defers it, so the rig is released when the test ends.
    public func end() {
        onSceneCreated = nil
        runtime.markKilled()
    }

    /// The latest delegate created for `session`.
    public func delegate(_ session: String) -> RecordingSceneDelegate? {
        sceneDelegates.last { $0.scene?.id == SceneSessionID(session) }
    }

    /// The connected scene of `session`.
    public func scene(_ session: String) -> LifecycleScene? {
        runtime.scenes[SceneSessionID(session)]
    }

    /// Delivers `.launch`.
    public func launch(_ options: LaunchOptions = LaunchOptions()) throws(LifecycleError) {
        try runtime.handle(.launch(options))
    }

    /// Delivers `.connectScene` for a session named `session`, with `payload` as the host's copy of
    /// its restoration state.
    public func connect(
        _ session: String, foreground: Bool = true, payload: Data? = nil, options: ConnectionOptions = .none
    ) throws(LifecycleError) {
        try runtime.handle(.connectScene(
            SceneSession(id: SceneSessionID(session), restorationPayload: payload), options, foreground: foreground
        ))
    }

    /// Delivers `.moveScene`.
    public func move(_ session: String, to state: SceneState) throws(LifecycleError) {
        try runtime.handle(.moveScene(SceneSessionID(session), to: state))
    }

    /// Delivers `.disconnectScene`.
    public func disconnect(_ session: String) throws(LifecycleError) {
        try runtime.handle(.disconnectScene(SceneSessionID(session)))
    }

    /// Adds a scene observer that records `"<name>[<session>] <event>"`.
    @discardableResult
    public func observe(_ session: String, as name: String) -> LifecycleObservation? {
        guard let scene = scene(session) else { return nil }
        return scene.addObserver(log.sceneObserver(name, scene: scene.id))
    }

    /// Adds an application observer that records `"<name> <event>"`.
    @discardableResult
    public func observeApplication(as name: String) -> LifecycleObservation {
        runtime.addApplicationObserver(log.applicationObserver(name))
    }

    /// Yields the main actor until every tracked task is parked or finished (at most `limit`
    /// yields); returns whether the app is quiescent.
    @discardableResult
    public func settle(limit: Int = 1_000) async -> Bool {
        var remaining = limit
        repeat {
            await Task.yield()
            remaining -= 1
        } while !tracker.isQuiescent && remaining > 0
        return tracker.isQuiescent
    }
}
