import Foundation

/// One scene object: one connection of a ``SceneSession``, from `willConnect` to `didDisconnect`.
///
/// A new object is created on every connection; the session (and its restoration payload)
/// survives. Work bound to the scene runs in ``scope``, which ends when the scene disconnects or
/// the process ends. Created and retained by the ``LifecycleRuntime`` while connected; lives on
/// the main actor. Once disconnected it never comes back and keeps no observer.
@MainActor
public final class LifecycleScene: Identifiable {
    /// The session this scene object belongs to.
    public private(set) var session: SceneSession
    /// What the scene was connected with.
    public let connectionOptions: ConnectionOptions
    /// Work bound to this scene; ended (tasks cancelled) on disconnect.
    public let scope: TaskScope
    /// The scene's delegate, retained by the scene until it disconnects or the process ends.
    public var delegate: (any SceneDelegate)? { attachedDelegate }
    /// The storage behind ``delegate``.
    private var attachedDelegate: (any SceneDelegate)?

    let registry = SceneLifecycleRegistry()
    /// The runtime that dispatches this scene's events; late observers are caught up under its
    /// dispatch guard so that host events they send are queued, not nested.
    weak var runtime: LifecycleRuntime?
    /// Set while the runtime disconnects the scene: a reentrant move request is refused.
    var isDisconnecting = false
    private let phaseBroadcaster = PhaseBroadcaster()
    private let tracker: WorkTracker

    init(session: SceneSession, options: ConnectionOptions, tracker: WorkTracker) {
        self.id = session.id
        self.session = session
        self.connectionOptions = options
        self.tracker = tracker
        self.scope = TaskScope(name: "scene \(session.id)", tracker: tracker)
        // The delegate is the first observer, whenever it is attached: it hears upward events
        // before, and downward events after, every other observer. The registry is the scene's
        // own and dispatches only while the scene is alive, so `unowned` never fails here.
        registry.insert { [unowned self] event in forwardToDelegate(event) }
    }

    /// The session's identity.
    public nonisolated let id: SceneSessionID

    /// The scene's current state.
    public var state: SceneState { registry.state }

    /// The SwiftUI-style phase (`nil` before connection and after disconnection).
    public var phase: ScenePhase? { state.phase }

    /// Whether the scene has disconnected; a disconnected scene object never comes back.
    public private(set) var isDisconnected = false

    /// Adds an observer of this scene's events. A late observer is caught up at once with the
    /// events that lead to the current state; one added during dispatch is caught up when the
    /// current event has reached every observer. Upward events reach observers in addition order,
    /// downward ones in reverse. Adding an observer to a disconnected scene does nothing.
    @discardableResult
    public func addObserver(_ handler: @escaping @MainActor (SceneEvent) -> Void) -> LifecycleObservation {
        if let runtime {
            return runtime.exclusively { registry.add(handler) }
        }
        return registry.add(handler)
    }

    /// The scene's phase changes as an async sequence, starting with the current phase.
    ///
    /// The sequence finishes when the scene disconnects. Waiting on it counts as parked for the
    /// simulator.
    public var phases: ScenePhaseSequence {
        phaseBroadcaster.makeSequence(current: phase, finished: isDisconnected, tracker: tracker)
    }

    /// The scene's phase changes as an async sequence, without the current phase: what SwiftUI's
    /// `.onChange(of: scenePhase)` reports. Each change is reported in order (an active scene
    /// going to the background reports `.inactive`, then `.background`).
    ///
    /// ```swift
    /// scene.scope.task("save on inactive") {
    ///     for await phase in scene.phaseChanges where phase == .inactive { model.save() }
    /// }
    /// ```
    ///
    /// The sequence finishes when the scene disconnects. Waiting on it counts as parked for the
    /// simulator.
    public var phaseChanges: ScenePhaseSequence {
        phaseBroadcaster.makeSequence(current: phase, reportsCurrent: false, finished: isDisconnected, tracker: tracker)
    }

    /// Runs `operation` in a child scope each time the scene reaches at least `minimum`, and ends
    /// that scope (cancelling the work) each time the scene drops below it — androidx's
    /// `repeatOnLifecycle`. Stops for good when the scene disconnects or the returned observation
    /// is cancelled (which also cancels the running work).
    ///
    /// ```swift
    /// scene.repeatWhile(atLeast: .foregroundActive, "poll loans") {
    ///     while !Task.isCancelled { await loans.refresh(); try? await clock.sleep(for: .seconds(60)) }
    /// }
    /// ```
    @discardableResult
    public func repeatWhile(
        atLeast minimum: SceneState,
        _ label: String,
        _ operation: @escaping @MainActor () async -> Void
    ) -> LifecycleObservation {
        var current: TaskScope?
        let observation = addObserver { [weak self] event in
            guard let self else { return }
            if event.destination >= minimum, event.destination != .unattached, self.scope.isActive {
                guard current == nil else { return }
                let child = self.scope.child(named: "\(label) while \(minimum)")
                current = child
                child.task(label, operation)
            } else if let child = current {
                current = nil
                child.end()
            }
        }
        return LifecycleObservation {
            observation.cancel()
            current?.end()
            current = nil
        }
    }

    func attach(delegate: (any SceneDelegate)?) {
        attachedDelegate = delegate
    }

    private func forwardToDelegate(_ event: SceneEvent) {
        guard let delegate else { return }
        switch event {
        case .willConnect: delegate.sceneWillConnect(self, options: connectionOptions)
        case .willEnterForeground: delegate.sceneWillEnterForeground(self)
        case .didBecomeActive: delegate.sceneDidBecomeActive(self)
        case .willResignActive: delegate.sceneWillResignActive(self)
        case .didEnterBackground: delegate.sceneDidEnterBackground(self)
        case .didDisconnect: delegate.sceneDidDisconnect(self)
        }
    }

    /// Asks the delegate for the state to keep with the session.
    func requestRestorationPayload() {
        guard let delegate else { return }
        session.restorationPayload = delegate.stateRestorationPayload(for: self)
    }

    func publishPhase() {
        phaseBroadcaster.publish(phase)
    }

    /// After `didDisconnect`: ends the scope, finishes phase sequences, releases the delegate and
    /// every observer.
    func finishDisconnect() {
        isDisconnected = true
        isDisconnecting = false
        registry.close()
        scope.end()
        phaseBroadcaster.finish()
        attachedDelegate = nil
    }

    /// The process was killed: no callback runs, the scope is abandoned, observers are dropped.
    func halt() {
        registry.close()
        scope.abandon()
        attachedDelegate = nil
    }
}
