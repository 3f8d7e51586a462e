import DurableState
import Foundation
import Lifecycle
import LifelineHistory

/// Everything the app takes from the outside world, so that a host — the terminal process, the
/// simulator's virtual device, a test — builds an incarnation by choosing each piece: the runtime
/// (and with it the clock and the work tracker), the file system, the secret store, the logger,
/// the data directory, the catalogue backend and the library service.
///
/// A value assembled by the host and consumed by ``AppComposition``; main-actor isolated because
/// the runtime and clock are.
@MainActor
public struct AppEnvironment {
    /// Which catalogue backend to use.
    public enum CatalogueChoice {
        /// The bundled catalogue in an SQLite file at this path.
        case bundled(path: String)
        /// A remote catalogue speaking the Open Library search API at this base URL, falling back to
        /// the bundled catalogue (in an SQLite file at `fallbackPath`) while unreachable.
        case remote(URL, fallbackPath: String)
        /// A backend supplied by the host (tests, the simulator).
        case custom(any CatalogueService)
    }

    /// The lifecycle runtime of this incarnation.
    public var runtime: LifecycleRuntime
    /// Where every durable file operation goes, and the history the stores report to (the
    /// simulator's, `nil` on a device).
    public var storage: StorageEnvironment
    /// Where the bundled catalogue's database is rebuilt and moved aside when damaged (it lives in
    /// the cache directory, which may have its own confined file system); ``storage`` unless set.
    public var cacheStorage: StorageEnvironment
    /// Where the app's own SQLite databases (the reading list) live, in ``dataDirectory``:
    /// ``storage`` unless set (tests that keep the other files in memory give them a simulated
    /// disk).
    public var databaseStorage: StorageEnvironment
    /// Where the session token lives.
    public var secretStore: any SecretStore
    /// Which store ``secretStore`` is, for a person ("the desktop keyring (Secret Service)"),
    /// shown at sign-in.
    public var secretStoreLocation = "the app's secret store"
    /// Where logs go.
    public var logger: LifelineLogger
    /// The app's directory in `storage` (absolute).
    public var dataDirectory: String
    /// The catalogue backend.
    public var catalogue: CatalogueChoice
    /// The library's account and basket service; `nil` builds the embedded one in
    /// `<dataDirectory>/server`.
    public var server: (any AccountServer & BasketRepository)?
    /// Where consented analytics events go.
    public var analyticsSink: any AnalyticsSink
    /// The quiet interval before a debounced write (notes, basket).
    public var writeDebounce: Duration
    /// Makes unique identifiers (request identifiers for idempotent creations); the simulator
    /// injects a deterministic one.
    public var makeIdentifier: @MainActor () -> String
    /// The registry the windows' view models report what they show to (``WindowModel`` adopts
    /// DurableState's `VisibleValues`): the simulator's, `nil` on a device.
    public var screens: ScreenRegistry?
    /// Called after the app itself changed a window's restorable state (a followed link, restored
    /// books found missing), as opposed to the student's navigation, with the state before the
    /// change (the change itself is reported to ``storage``'s history, if it has one).
    public var windowChangedByApp: @MainActor (_ window: WindowModel, _ before: WindowState) -> Void = { _, _ in }
    /// What the host must tell the student once the app is on screen (the host's own messages
    /// from before it, such as the one-time move of the files): shown as ``AppNotices``.
    public var startupNotices: [String] = []
    /// Whether a note's refused paste and the text of a failed save are kept beside the notes
    /// (``NoteRecovery``), the latter put back at the next launch: on for the terminal app, off
    /// where the host keeps incarnations itself (the simulator). A refused paste is refused
    /// either way.
    public var keepsUnsavedText = false
    /// Bugs planted on purpose for the simulator to find (empty everywhere else).
    package var plantedBugs: Set<CampusBug> = []

    /// Creates an environment; the catalogue defaults to the bundled one at
    /// `<dataDirectory>/catalogue.sqlite` (give the simulator and tests an ``InMemoryCatalogue``).
    public init(
        runtime: LifecycleRuntime, storage: StorageEnvironment, secretStore: any SecretStore,
        logger: LifelineLogger, dataDirectory: String, catalogue: CatalogueChoice? = nil,
        server: (any AccountServer & BasketRepository)? = nil, analyticsSink: (any AnalyticsSink)? = nil,
        writeDebounce: Duration = .milliseconds(300),
        makeIdentifier: @escaping @MainActor () -> String = { UUID().uuidString }
    ) {
        self.runtime = runtime
        self.storage = storage
        self.cacheStorage = storage
        self.databaseStorage = storage
        self.secretStore = secretStore
        self.logger = logger
        self.dataDirectory = dataDirectory
        self.catalogue = catalogue ?? .bundled(path: dataDirectory + "/catalogue.sqlite")
        self.server = server
        self.analyticsSink = analyticsSink ?? LoggingAnalyticsSink(logger: logger)
        self.writeDebounce = writeDebounce
        self.makeIdentifier = makeIdentifier
    }

    /// ``storage``'s file system.
    public var fileSystem: any FileSystem { storage.fileSystem }

    /// The clock of the runtime.
    public var clock: any LifelineClock { runtime.clock }
}
