import Composition
import DurableState
import Lifecycle
import LifelineHistory

/// The app's registrations: which implementation backs each service and how long it lives.
///
/// | lifetime | services |
/// |---|---|
/// | application | file system, secret store, logger, clock, catalogue backend, library service, analytics sink, preferences, catalogue, notes, authentication, basket, reading list, analytics, new arrivals, links, ``AppServices`` |
/// | scene | ``WindowModel`` (navigation and selection of one window) |
/// | screen | ``BookRecordViewModel``, ``NoteEditorViewModel``, ``BasketViewModel``, ``ReadingListViewModel``, ``ProfileViewModel`` |
///
/// The runtime is provided to the application scope and each `LifecycleScene` to its scene scope
/// by the `LifecycleBinding`; a screen scope is provided its `TaskScope` and, for book screens,
/// the ``BookID`` it shows. Nothing is created until resolved, so building the graph costs nothing.
extension AppComposition {
    /// The registrations for `environment`.
    public static func registry(for environment: AppEnvironment) -> Registry {
        var registry = Registry()
        registerEnvironment(environment, in: &registry)
        registerServices(in: &registry, bugs: environment.plantedBugs)
        registerScreens(in: &registry, bugs: environment.plantedBugs)
        return registry
    }

    private static func registerEnvironment(_ environment: AppEnvironment, in registry: inout Registry) {
        registry.register((any FileSystem).self, value: environment.fileSystem)
        registry.register(StorageEnvironment.self, value: environment.storage)
        registry.register((any SecretStore).self, value: environment.secretStore)
        registry.register(LifelineLogger.self, value: environment.logger)
        registry.register((any AnalyticsSink).self, value: environment.analyticsSink)
        var configuration = AppConfiguration(
            dataDirectory: environment.dataDirectory, writeDebounce: environment.writeDebounce,
            makeIdentifier: environment.makeIdentifier,
            secretStoreLocation: environment.secretStoreLocation
        )
        configuration.keepsUnsavedText = environment.keepsUnsavedText
        registry.register(AppConfiguration.self, value: configuration)
        registry.register((any LifelineClock).self, lifetime: .application) { (runtime: LifecycleRuntime) in runtime.clock }
        let catalogue = environment.catalogue
        let cacheStorage = environment.cacheStorage
        registry.register((any CatalogueService).self, lifetime: .application) { (runtime: LifecycleRuntime, logger: LifelineLogger) in
            catalogueService(for: catalogue, runtime: runtime, storage: cacheStorage, logger: logger)
        }
        let databaseStorage = environment.databaseStorage
        registry.register(ReadingList.self, lifetime: .application) {
            (runtime: LifecycleRuntime, configuration: AppConfiguration, logger: LifelineLogger) in
            ReadingList(
                path: FilePaths.join(configuration.dataDirectory, ReadingListStore.fileName), storage: databaseStorage,
                clock: runtime.clock, runtime: runtime, logger: logger
            )
        }
        let server = environment.server
        registry.register(LibraryService.self, lifetime: .application) {
            (fileSystem: any FileSystem, clock: any LifelineClock, configuration: AppConfiguration) -> LibraryService in
            server ?? EmbeddedLibraryServer(directory: configuration.dataDirectory + "/server", fileSystem: fileSystem, clock: clock)
        }
    }

    private static func registerServices(in registry: inout Registry, bugs: Set<CampusBug>) {
        registry.register(Preferences.self, lifetime: .application) {
            (storage: StorageEnvironment, clock: any LifelineClock, configuration: AppConfiguration, logger: LifelineLogger) in
            // Bookkeeping (consent, the basket's record, the last account): nothing a screen shows.
            // After the first unlock: the session restore of a background launch reads the last account.
            Preferences(
                storage: storage, directory: configuration.dataDirectory, protection: .completeUntilFirstUserAuthentication,
                clock: clock, logger: logger, history: .off)
        }
        registry.register(LibraryCatalogue.self, lifetime: .application, LibraryCatalogue.init(service:clock:logger:))
        registry.register(AnalyticsService.self, lifetime: .application, AnalyticsService.init(preferences:sink:logger:))
        registry.register(NotesRepository.self, lifetime: .application) {
            (storage: StorageEnvironment, runtime: LifecycleRuntime, configuration: AppConfiguration, logger: LifelineLogger,
             analytics: AnalyticsService) in
            NotesRepository(
                directory: configuration.dataDirectory + "/notes", storage: storage, runtime: runtime,
                debounce: configuration.writeDebounce, logger: logger, keepsUnsavedText: configuration.keepsUnsavedText,
                onSaved: { _ in analytics.track(.savedNote) }
            )
        }
        registry.register(AuthenticationService.self, lifetime: .application) {
            (server: LibraryService, secrets: any SecretStore, preferences: Preferences, runtime: LifecycleRuntime,
             logger: LifelineLogger, configuration: AppConfiguration, storage: StorageEnvironment) in
            AuthenticationService(
                // The token after the first unlock (kSecAttrAccessibleAfterFirstUnlock): a background
                // refresh or a prewarmed launch restores the session while the phone is locked; a
                // token that cannot be read before the first unlock is "cannot check now", kept.
                server: server,
                tokens: SessionTokenStore(
                    secrets: ProtectedSecretStore(
                        base: secrets, protection: .completeUntilFirstUserAuthentication, availability: storage.protectedData),
                    location: configuration.secretStoreLocation),
                preferences: preferences, clock: runtime.clock, scope: runtime.applicationScope, logger: logger,
                history: storage.history
            )
        }
        registry.register(BorrowingBasket.self, lifetime: .application) {
            (server: LibraryService, catalogue: LibraryCatalogue, preferences: Preferences, runtime: LifecycleRuntime,
             configuration: AppConfiguration, logger: LifelineLogger, storage: StorageEnvironment) in
            BorrowingBasket(
                repository: server, catalogue: catalogue, preferences: preferences, runtime: runtime,
                debounce: configuration.writeDebounce, logger: logger, makeRequestID: configuration.makeIdentifier,
                history: storage.history
            )
        }
        registry.register(NewArrivalsService.self, lifetime: .application, NewArrivalsService.init(catalogue:preferences:clock:logger:))
        registry.register(AppLinks.self, lifetime: .application) { AppLinks() }
        registry.register(AppNotices.self, lifetime: .application) { AppNotices() }
        registry.register(AppServices.self, lifetime: .application, AppServices.init)
        registry.register(SceneScopes.self, lifetime: .application) { SceneScopes() }
        registry.register(ScreenFactory.self, lifetime: .scene, ScreenFactory.init(scene:scopes:))
        let sharedSearch = bugs.contains(.sharedSearchModel) ? SharedSearchModel() : nil
        registry.register(WindowModel.self, lifetime: .scene) {
            (scene: LifecycleScene, services: AppServices, screens: ScreenFactory, runtime: LifecycleRuntime) in
            WindowModel(
                sessionID: scene.id, services: services, scope: scene.scope, screens: screens,
                search: sharedSearch?.model(services: services, scope: runtime.applicationScope), bugs: bugs
            )
        }
    }

    private static func registerScreens(in registry: inout Registry, bugs: Set<CampusBug>) {
        registry.provided(TaskScope.self, by: .screen)
        registry.provided(BookID.self, by: .screen)
        registry.register(BookRecordViewModel.self, lifetime: .screen, BookRecordViewModel.init)
        registry.register(NoteEditorViewModel.self, lifetime: .screen) {
            (id: BookID, notes: NotesRepository, catalogue: LibraryCatalogue, scope: TaskScope) in
            NoteEditorViewModel(bookID: id, draft: notes.draft(for: id), catalogue: catalogue, scope: scope, bugs: bugs)
        }
        registry.register(BasketViewModel.self, lifetime: .screen, BasketViewModel.init(basket:))
        registry.register(ReadingListViewModel.self, lifetime: .screen, ReadingListViewModel.init(readingList:))
        registry.register(ProfileViewModel.self, lifetime: .screen, ProfileViewModel.init(auth:analytics:))
    }

    static func catalogueService(
        for choice: AppEnvironment.CatalogueChoice, runtime: LifecycleRuntime, storage: StorageEnvironment,
        logger: LifelineLogger
    ) -> any CatalogueService {
        switch choice {
        case .bundled(let path):
            return SQLiteCatalogue(path: path, runtime: runtime, storage: storage, logger: logger)
        case .remote(let url, let fallbackPath):
            let fallback = SQLiteCatalogue(path: fallbackPath, runtime: runtime, storage: storage, logger: logger)
            return OpenLibraryCatalogue(baseURL: url, clock: runtime.clock, fallback: fallback, logger: logger)
        case .custom(let service):
            return service
        }
    }
}

/// The library's service as one dependency: accounts and basket records.
public typealias LibraryService = any AccountServer & BasketRepository

/// The one search model of the planted ``CampusBug/sharedSearchModel``: made by the first window
/// and handed to every later one. Per composition root; main actor.
@MainActor
private final class SharedSearchModel {
    private var model: SearchViewModel?

    func model(services: AppServices, scope: TaskScope) -> SearchViewModel {
        if let model { return model }
        let made = SearchViewModel(
            catalogue: services.catalogue, arrivals: services.arrivals, analytics: services.analytics,
            clock: services.clock, scope: scope
        )
        model = made
        return made
    }
}
