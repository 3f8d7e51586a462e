import DurableState
import Lifecycle

/// The composition root: builds the application-lifetime services once from an
/// ``AppEnvironment``, installs the app on a `LifecycleRuntime` (application delegate and scene
/// factory), and keeps the windows of the connected scenes.
///
/// ```swift
/// let runtime = LifecycleRuntime(clock: SystemClock(), logger: logger)
/// let app = AppComposition(environment: AppEnvironment(runtime: runtime, fileSystem: fs, …))
/// app.install()
/// try runtime.handle(.launch(LaunchOptions()))
/// ```
///
/// Ownership: the composition creates and retains every shared service; the runtime retains the
/// application delegate and each scene's delegate, which owns that scene's ``WindowModel``.
/// One composition per process incarnation; lives on the main actor.
@MainActor
public final class AppComposition {
    /// The environment the app was built from.
    public let environment: AppEnvironment
    /// The shared services.
    public let services: AppServices
    /// The windows of connected scenes, by session.
    public private(set) var windows: [SceneSessionID: WindowModel] = [:]
    /// Called after a window connected or disconnected (a front-end updates its window list).
    public var onWindowsChanged: (@MainActor () -> Void)?

    /// Builds the services. Nothing expensive happens here: no file beyond the preferences is read
    /// and no request is made until launch.
    public init(environment: AppEnvironment) {
        self.environment = environment
        let logger = environment.logger
        let clock = environment.clock
        let fileSystem = environment.fileSystem
        let directory = environment.dataDirectory
        let preferences = Preferences(fileSystem: fileSystem, directory: directory, clock: clock, logger: logger)
        let server = environment.server
            ?? EmbeddedLibraryServer(directory: directory + "/server", fileSystem: fileSystem, clock: clock)
        let catalogue = LibraryCatalogue(service: Self.catalogueService(for: environment), logger: logger)
        let analytics = AnalyticsService(preferences: preferences, sink: environment.analyticsSink, logger: logger)
        let notes = NotesRepository(
            directory: directory + "/notes", fileSystem: fileSystem, runtime: environment.runtime,
            debounce: environment.writeDebounce, logger: logger, onSaved: { _ in analytics.track(.savedNote) }
        )
        let auth = AuthenticationService(
            server: server, tokens: SessionTokenStore(secrets: environment.secretStore), preferences: preferences,
            logger: logger
        )
        let basket = BorrowingBasket(
            repository: server, catalogue: catalogue, preferences: preferences, runtime: environment.runtime,
            debounce: environment.writeDebounce, logger: logger, makeRequestID: environment.makeIdentifier
        )
        let arrivals = NewArrivalsService(catalogue: catalogue, preferences: preferences, clock: clock, logger: logger)
        services = AppServices(
            clock: clock, logger: logger, preferences: preferences, catalogue: catalogue, notes: notes, auth: auth,
            basket: basket, analytics: analytics, arrivals: arrivals, links: AppLinks()
        )
    }

    /// Installs the app on the environment's runtime: the application delegate, the scene factory
    /// and the cache to purge on memory warnings. Call before the runtime launches.
    public func install() {
        let runtime = environment.runtime
        runtime.applicationDelegate = CampusApplicationDelegate(composition: self)
        runtime.sceneDelegateFactory = { [unowned self] scene in WindowSceneDelegate(scene: scene, composition: self) }
        runtime.registerPurgeable(services.catalogue)
    }

    /// The window of the connected scene `id`.
    public func window(for id: SceneSessionID) -> WindowModel? { windows[id] }

    /// Whether the launch gate is closed: the stored session is still being verified, so the first
    /// frame shows the launch placeholder, never a flash of signed-out interface.
    public var isLaunchGateClosed: Bool { services.auth.isRestoringSession }

    func register(_ window: WindowModel) {
        windows[window.sessionID] = window
        onWindowsChanged?()
    }

    func unregister(_ id: SceneSessionID) {
        windows[id] = nil
        onWindowsChanged?()
    }

    private static func catalogueService(for environment: AppEnvironment) -> any CatalogueService {
        let logger = environment.logger
        switch environment.catalogue {
        case .bundled(let path):
            return SQLiteCatalogue(path: path, runtime: environment.runtime, logger: logger)
        case .remote(let url, let fallbackPath):
            let fallback = SQLiteCatalogue(path: fallbackPath, runtime: environment.runtime, logger: logger)
            return OpenLibraryCatalogue(baseURL: url, fallback: fallback, logger: logger)
        case .custom(let service):
            return service
        }
    }
}
