@testable import CampusLibrary
import Composition
import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator

/// A host double: records what the runtime asks of the system.
@MainActor
final class TestHost: LifecycleHost {
    var budgets: BackgroundBudgets = .iOS
    var submitted: [BackgroundTaskRequest] = []
    var activationRequests: [ConnectionOptions] = []
    var destructionRequests: [SceneSessionID] = []

    func submit(_ request: BackgroundTaskRequest) { submitted.append(request) }
    func requestSceneActivation(_ options: ConnectionOptions) { activationRequests.append(options) }
    func requestSceneDestruction(_ session: SceneSessionID) { destructionRequests.append(session) }
}

/// One app incarnation on a virtual clock, in-memory storage and an in-memory library service —
/// no disk, no network; the reading list's database on a simulated disk of its own. ``relaunch()``
/// builds the next incarnation over the same storage, with the sessions (and restoration
/// payloads) the system kept.
@MainActor
final class TestApp {
    let clock: VirtualClock
    let host = TestHost()
    let runtime: LifecycleRuntime
    let fileSystem: MemoryFileSystem
    /// Where the app's SQLite databases live (the reading list).
    let databaseDisk: SimulatedDisk
    let secrets: MemorySecretStore
    let server: EmbeddedLibraryServer
    let logs = MemoryLogSink()
    let analyticsSink = RecordingAnalyticsSink()
    let composition: AppComposition
    let catalogueBooks: [Book]

    static let dataDirectory = "/data"

    init(
        clock: VirtualClock = VirtualClock(), fileSystem: MemoryFileSystem = MemoryFileSystem(),
        secrets: MemorySecretStore = MemorySecretStore(), databaseDisk: SimulatedDisk = SimulatedDisk(),
        server: EmbeddedLibraryServer? = nil,
        books: [Book] = TestBooks.all, catalogue: (any CatalogueService)? = nil, overrides: Registry? = nil,
        bugs: Set<CampusBug> = []
    ) throws {
        self.clock = clock
        self.fileSystem = fileSystem
        self.databaseDisk = databaseDisk
        self.secrets = secrets
        self.catalogueBooks = books
        self.server = server ?? EmbeddedLibraryServer(inMemoryWith: clock, makeToken: TestApp.tokens())
        runtime = LifecycleRuntime(clock: clock, logger: LifelineLogger(category: "test", sink: logs, minimumLevel: .debug))
        runtime.host = host
        let service = catalogue ?? InMemoryCatalogue(books: books)
        var environment = AppEnvironment(
            runtime: runtime, storage: StorageEnvironment(fileSystem: fileSystem), secretStore: secrets,
            logger: LifelineLogger(category: "app", sink: logs, minimumLevel: .debug),
            dataDirectory: Self.dataDirectory, catalogue: .custom(service), server: self.server,
            analyticsSink: analyticsSink
        )
        environment.databaseStorage = databaseDisk.mount().storage
        environment.plantedBugs = bugs
        composition = try AppComposition(environment: environment, overrides: overrides)
    }

    /// The incarnation ends with the test that made it, killed as the simulator kills one: its app
    /// graph holds the runtime, which holds the graph's delegates until the process ends.
    isolated deinit {
        runtime.markKilled()
    }

    /// The next incarnation: same clock, storage, secrets and service.
    func relaunch(books: [Book]? = nil, catalogue: (any CatalogueService)? = nil) throws -> TestApp {
        try TestApp(
            clock: clock, fileSystem: fileSystem, secrets: secrets, databaseDisk: databaseDisk, server: server,
            books: books ?? catalogueBooks,
            catalogue: catalogue
        )
    }

    var services: AppServices { composition.services }

    func launch(_ options: LaunchOptions = LaunchOptions()) throws {
        try runtime.handle(.launch(options))
    }

    /// Connects a window for `session` and brings it to `state`.
    @discardableResult
    func connect(
        _ session: SceneSession = SceneSession(), options: ConnectionOptions = .none,
        to state: SceneState = .foregroundActive
    ) throws -> WindowModel {
        try runtime.handle(.connectScene(session, options, foreground: state.isForeground))
        if state == .foregroundActive { try runtime.handle(.moveScene(session.id, to: .foregroundActive)) }
        guard let window = composition.window(for: session.id) else { throw TestFailure("no window for \(session.id)") }
        return window
    }

    /// Moves every connected scene to the background (the user left the app): payloads are
    /// requested and pending writes flushed.
    func background() throws {
        for scene in runtime.connectedScenes where scene.state != .background {
            try runtime.handle(.moveScene(scene.id, to: .background))
        }
    }

    /// Lets resumed tasks run until the app's work is quiescent again (every live task parked or
    /// finished and nothing changed for a few turns of the main actor).
    func settle() async {
        var calmTurns = 0
        var generation = runtime.tracker.generation
        for _ in 0..<500 where calmTurns < 3 {
            await Task.yield()
            if runtime.tracker.isQuiescent, runtime.tracker.generation == generation {
                calmTurns += 1
            } else {
                calmTurns = 0
                generation = runtime.tracker.generation
            }
        }
    }

    /// Advances the virtual clock by `duration` and lets the woken work run.
    func advance(by duration: Duration) async {
        clock.advance(by: duration)
        await settle()
    }

    /// The sessions the system keeps, with their latest restoration payloads.
    var keptSessions: [SceneSession] { runtime.sessions.values.sorted { $0.id < $1.id } }

    /// Lines of the log at `level` or above.
    func logLines(atLeast level: LogLevel = .info) -> [String] {
        logs.records.filter { $0.level >= level }.map(\.description)
    }

    /// Deterministic tokens: `token-1`, `token-2`…
    static func tokens() -> @MainActor () -> String {
        var counter = 0
        return {
            counter += 1
            return "token-\(counter)"
        }
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A small catalogue for tests.
enum TestBooks {
    static func book(_ id: String, _ title: String, _ author: String, _ year: Int, _ subjects: [String]) -> Book {
        Book(id: BookID(validated: id), title: title, authors: [author], year: year, subjects: subjects)
    }

    static let pride = book("austen-pride", "Pride and Prejudice", "Jane Austen", 1813, ["Courtship", "England"])
    static let emma = book("austen-emma", "Emma", "Jane Austen", 1815, ["Matchmaking", "England"])
    static let twoCities = book("dickens-two-cities", "A Tale of Two Cities", "Charles Dickens", 1859, ["French Revolution", "London"])
    static let expectations = book("dickens-expectations", "Great Expectations", "Charles Dickens", 1861, ["Orphans", "England"])
    static let moby = book("melville-moby-dick", "Moby-Dick; or, The Whale", "Herman Melville", 1851, ["Whaling", "Sea stories"])
    static let frankenstein = book("shelley-frankenstein", "Frankenstein", "Mary Shelley", 1818, ["Science fiction", "Monsters"])

    static let all = [pride, emma, twoCities, expectations, moby, frankenstein]
}
