import Lifecycle

/// Ties a composition root's scopes to a `LifecycleRuntime`: the runtime's events open and close
/// them, never the app by hand.
///
/// ```swift
/// let runtime = LifecycleRuntime(clock: clock)
/// let binding = try root.bind(to: runtime) { scene, services in
///     LibrarySceneDelegate(model: try services.resolve(LibraryViewModel.self))
/// }
/// try runtime.handle(.launch(LaunchOptions()))
/// ```
///
/// - The **application scope** is created by ``CompositionRoot/bind(to:validate:sceneDelegate:)``
///   (services are created lazily, so nothing expensive runs before the first frame) and closed
///   when the process ends with `willTerminate`. A kill (no callback) closes nothing, as on a device.
/// - A **scene scope** is opened for each new scene object just before its `willConnect` (the
///   binding wraps `LifecycleRuntime/sceneDelegateFactory`) and closed when the scene's task
///   scope ends, right after `didDisconnect` has reached every observer. A reconnection gets a new
///   scene object and a new scene scope.
/// - Each scene scope provides the `LifecycleScene` it belongs to, and the application scope the
///   `LifecycleRuntime`; factories may take either as a parameter.
///
/// Retained by the runtime (through the scene factory it installs) and by whoever keeps it; it
/// holds the runtime weakly. Lives on the main actor.
@MainActor
public final class LifecycleBinding {
    /// The application scope: open from binding until `willTerminate`.
    public let application: ServiceScope
    /// Open scene scopes by session.
    public private(set) var sceneScopes: [SceneSessionID: ServiceScope] = [:]
    /// Scenes whose scope or delegate could not be created, with the error's message; such a scene
    /// connected without a delegate. The runtime's logger receives the same messages.
    public private(set) var delegateFailures: [SceneSessionID: String] = [:]

    private weak var runtime: LifecycleRuntime?
    private var observation: LifecycleObservation?
    /// The runtime's scene factory before the binding wrapped it; restored by ``abandon()``.
    private var previousFactory: (@MainActor (LifecycleScene) -> (any SceneDelegate)?)?

    init(application: ServiceScope, runtime: LifecycleRuntime) {
        self.application = application
        self.runtime = runtime
    }

    /// A binding released with its scopes still open (its runtime was killed, or dropped by a test
    /// or preview without ending) abandons them: an open scope and its open children hold each
    /// other, so they would otherwise never be released.
    isolated deinit {
        application.abandon()
    }

    /// The scene scope of `scene`, while it is connected.
    public func services(for scene: LifecycleScene) -> ServiceScope? {
        sceneScopes[scene.id]
    }

    /// Releases every scope without running teardowns, as a process kill does, and gives the
    /// runtime back its previous scene factory, so that nothing of a killed incarnation stays
    /// alive: the application scope provides the runtime, which retains the binding, and this
    /// breaks that cycle (`willTerminate` breaks it too, and so does a kill, which releases the
    /// runtime's scene factory; the binding then abandons its scopes when it is released).
    public func abandon() {
        observation?.cancel()
        observation = nil
        runtime?.sceneDelegateFactory = previousFactory
        previousFactory = nil
        sceneScopes.removeAll()
        application.abandon()
    }

    func install(
        on runtime: LifecycleRuntime,
        sceneDelegate makeDelegate: (@MainActor (LifecycleScene, ServiceScope) throws -> (any SceneDelegate)?)?
    ) {
        let previous = runtime.sceneDelegateFactory
        previousFactory = previous
        runtime.sceneDelegateFactory = { [self] scene in
            guard let services = openScope(for: scene) else { return previous?(scene) }
            guard let makeDelegate else { return previous?(scene) }
            do {
                return try makeDelegate(scene, services)
            } catch {
                let message = "\(error)"
                delegateFailures[scene.id] = message
                runtime.logger.error("Scene delegate for \(scene.id, privacy: .public) failed: \(message, privacy: .public)")
                return nil
            }
        }
        observation = runtime.addApplicationObserver { [weak self] event in
            guard event == .willTerminate, let self else { return }
            self.sceneScopes.removeAll()
            self.application.close()
        }
    }

    private func openScope(for scene: LifecycleScene) -> ServiceScope? {
        let values = application.declares(LifecycleScene.self, at: .scene)
            ? ProvidedValues().with(LifecycleScene.self, scene) : ProvidedValues()
        let scope: ServiceScope
        do {
            scope = try application.openScene(named: "scene \(scene.id)", providing: values)
        } catch {
            let message = "\(error)"
            delegateFailures[scene.id] = message
            runtime?.logger.error("Scene scope for \(scene.id, privacy: .public) not opened: \(message, privacy: .public)")
            return nil
        }
        sceneScopes[scene.id] = scope
        scene.scope.onEnd { [weak self, weak scope] in
            scope?.close()
            if let self, self.sceneScopes[scene.id] === scope { self.sceneScopes[scene.id] = nil }
        }
        return scope
    }
}

extension CompositionRoot {
    /// Validates the graph, then binds a fresh application scope to `runtime` so that its events
    /// open and close the scopes (see ``LifecycleBinding``). Call it before the runtime launches.
    ///
    /// - Parameters:
    ///   - runtime: The runtime whose events open and close the scopes.
    ///   - validate: Whether to refuse an invalid graph; pass `false` only in tests that exercise
    ///     part of a graph on purpose.
    ///   - sceneDelegate: Creates each scene's delegate with the scene's scope; when `nil`, the
    ///     runtime's existing factory is kept (it can find scopes with ``LifecycleBinding/services(for:)``).
    ///     A factory that throws is logged and leaves the scene without a delegate.
    /// - Throws: ``CompositionValidationError`` before touching the runtime, if the graph is invalid.
    public func bind(
        to runtime: LifecycleRuntime,
        validate: Bool = true,
        sceneDelegate: (@MainActor (LifecycleScene, ServiceScope) throws -> (any SceneDelegate)?)? = nil
    ) throws(CompositionValidationError) -> LifecycleBinding {
        if validate { try self.validate() }
        let values = table.declares(LifecycleRuntime.self, at: .application)
            ? ProvidedValues().with(LifecycleRuntime.self, runtime) : ProvidedValues()
        let application = ServiceScope(lifetime: .application, name: "application", parent: nil, table: table, provided: values)
        let binding = LifecycleBinding(application: application, runtime: runtime)
        binding.install(on: runtime, sceneDelegate: sceneDelegate)
        return binding
    }
}
