import Composition
import DurableState
import Lifecycle
import LifelineHistory

/// The composition root of Campus Library: the app's `Registry` (``registry(for:)``) frozen in a
/// `CompositionRoot`, validated, and bound to the environment's runtime, whose events open and
/// close the application and scene scopes; plus the windows of the connected scenes.
///
/// ```swift
/// let runtime = LifecycleRuntime(clock: SystemClock(), logger: logger)
/// let app = try AppComposition(environment: AppEnvironment(runtime: runtime, storage: storage, …))
/// try runtime.handle(.launch(LaunchOptions()))
/// ```
///
/// Ownership: the application scope creates and retains the shared services (see
/// ``ownershipReport``); each scene scope creates its window's ``WindowModel`` and screen factory;
/// screen scopes create screen models. The runtime retains the application delegate and each
/// scene's delegate. One composition per process incarnation; lives on the main actor.
@MainActor
public final class AppComposition {
    /// The environment the app was built from.
    public let environment: AppEnvironment
    /// The frozen registrations.
    public let root: CompositionRoot
    /// The scopes bound to the runtime.
    public let binding: LifecycleBinding
    /// The shared services (application scope).
    public let services: AppServices
    /// The windows of connected scenes, by session.
    public private(set) var windows: [SceneSessionID: WindowModel] = [:]
    /// Called after a window connected or disconnected (a front-end updates its window list).
    public var onWindowsChanged: (@MainActor () -> Void)?

    /// Validates the graph, binds it to the environment's runtime (the application delegate, the
    /// scene factory, the cache to purge on memory warnings) and resolves the shared services.
    /// Nothing expensive happens here: services only read small files, and nothing is requested
    /// until launch.
    ///
    /// - Parameters:
    ///   - environment: What the incarnation takes from the outside world.
    ///   - overrides: Registrations that replace the production ones (tests, previews).
    /// - Throws: `CompositionValidationError` listing every problem of the graph, or a
    ///   `CompositionError` if a shared service cannot be built; nothing is installed then.
    public init(environment: AppEnvironment, overrides: Registry? = nil) throws {
        self.environment = environment
        let base = CompositionRoot(Self.registry(for: environment))
        root = overrides.map(base.overriding) ?? base
        let handle = Handle()
        binding = try root.bind(to: environment.runtime) { scene, services in
            guard let composition = handle.composition else { return nil }
            return WindowSceneDelegate(window: try services.resolve(WindowModel.self), composition: composition)
        }
        let scopes = try binding.application.resolve(SceneScopes.self)
        scopes.binding = binding
        scopes.screens = environment.screens
        services = try binding.application.resolve(AppServices.self)
        services.notes.plantedBugs = environment.plantedBugs
        services.arrivals.plantedBugs = environment.plantedBugs
        services.arrivals.shelfFile = PlantedShelfFile(
            bugs: environment.plantedBugs, storage: environment.storage, directory: environment.dataDirectory)
        services.readingList.plantedBugs = environment.plantedBugs
        services.auth.plantedBugs = environment.plantedBugs
        services.readingList.notices = services.notices
        for text in environment.startupNotices { services.notices.post(text) }
        let server = try binding.application.resolve(LibraryService.self)
        for (outcome, store) in [(services.preferences.loadReport.outcome, StoreNotice.Store.preferences), (server.loadOutcome, .libraryRecords)] {
            if let text = StoreNotice.text(for: outcome, of: store) { services.notices.post(text) }
        }
        handle.composition = self
        environment.runtime.applicationDelegate = CampusApplicationDelegate(composition: self)
        environment.runtime.registerPurgeable(services.catalogue)
    }

    /// The window of the connected scene `id`.
    public func window(for id: SceneSessionID) -> WindowModel? { windows[id] }

    /// Whether the launch gate is closed: the stored session is still being verified, so the first
    /// frame shows the launch placeholder, never a flash of signed-out interface.
    public var isLaunchGateClosed: Bool { services.auth.isRestoringSession }

    /// Who creates, retains and releases each service, generated from the registrations.
    public var ownershipReport: OwnershipReport { root.ownershipReport() }

    /// ``ownershipReport`` as text, for `campus-library --ownership-report`.
    public var ownershipReportText: String { ownershipReport.text }

    /// Lets the scene factory reach the composition once it exists.
    private final class Handle {
        weak var composition: AppComposition?
    }

    /// Saves pending writes because a window or the app resigned active or went to the background
    /// (unless the ``CampusBug/noFlushOnInactive`` bug is planted).
    func flushForTransition() {
        if environment.plantedBugs.contains(.noFlushOnInactive) { return }
        services.flushPendingWrites()
    }

    /// Keeps `window` under its scene, shows it to the screen registry (its search screen registered with it) and reports the app's own
    /// changes of its restorable state to the storage's history, field by field (the
    /// student's changes are the simulated student's edits).
    func register(_ window: WindowModel) {
        let history = environment.storage.history
        let changed = environment.windowChangedByApp
        window.onAppChange = { window, before in
            for (old, new) in zip(before.historyFields, window.state.historyFields) where old != new {
                history?.edit(HistoryKey(new.name, scene: window.sessionID), text: new.text, persistence: .restorable)
            }
            changed(window, before)
        }
        environment.screens?.register(window, in: window.sessionID)
        environment.screens?.register(model: window.search, in: window.sessionID)
        windows[window.sessionID] = window
        onWindowsChanged?()
    }

    func unregister(_ id: SceneSessionID) {
        windows[id] = nil
        onWindowsChanged?()
    }
}
