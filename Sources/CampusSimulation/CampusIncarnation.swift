import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// One process incarnation of the real Campus Library on the simulator's virtual device: the
/// `AppComposition` the terminal app builds, from the simulation environment (virtual clock,
/// simulated disk, secret store, logger, screen registry), with the embedded library service and
/// the run's catalogue (`CampusIncarnation+Catalogue.swift`) reached over the device's network.
///
/// ```swift
/// let outcome = await Simulator(app: CampusIncarnation.app).run(seed: 7, depth: 50)
/// ```
///
/// The app reports what it saved and loaded itself (its notes, reading list, account, basket and
/// its own changes of a window's restorable fields), and its windows what they show
/// (`VisibleValues`). Built by the simulator once per launch; lives on the main actor.
@MainActor
public final class CampusIncarnation {
    /// Where the app keeps its data on the simulated disk.
    public static let dataDirectory = "/Campus"
    /// The name and password of the account the simulated student signs in with.
    static let credentials = (username: "ada", password: "analytical")

    /// The app's object graph in this process.
    public let composition: AppComposition
    /// The library service and the catalogue, wrapped so that what they see can be checked.
    let server: CheckedLibraryServer, watchedCatalogue: CheckedCatalogue
    /// The secret store the token must live in (and only there).
    let tokens: SessionTokenStore
    let history: HistoryRecorder
    /// The app's terminal shell, which the student's keys go through (``actions``).
    let shell: TerminalShell
    /// The catalogue's SQLite database on the device, closed when the incarnation dies.
    private let localCatalogue: SQLiteCatalogue

    /// Builds the composition root of one process from `environment`, with `bugs` planted.
    /// - Throws: the composition's validation error (the graph is checked by the app's tests).
    package init(environment: SimulationEnvironment, bugs: Set<CampusBug> = []) throws {
        history = environment.history
        let localCatalogue = Self.localCatalogue(environment)
        self.localCatalogue = localCatalogue
        tokens = SessionTokenStore(secrets: environment.secretStore)
        let embedded = EmbeddedLibraryServer(
            directory: Self.dataDirectory + "/server", fileSystem: environment.fileSystem, clock: environment.clock,
            makeToken: { environment.canary.revealed })
        server = CheckedLibraryServer(embedded, network: environment.remoteService("library server"))
        let catalogue = Self.makeCatalogue(for: environment, local: localCatalogue, bugs: bugs)
        watchedCatalogue = catalogue
        var appEnvironment = AppEnvironment(
            runtime: environment.runtime, storage: environment.storage, secretStore: environment.secretStore,
            logger: environment.logger, dataDirectory: Self.dataDirectory, catalogue: .custom(catalogue), server: server,
            analyticsSink: RecordingAnalyticsSink(), makeIdentifier: environment.identifiers(prefix: "request")
        )
        appEnvironment.plantedBugs = bugs
        appEnvironment.screens = environment.screens
        appEnvironment.windowChangedByApp = { window, before in catalogue.noteChange(of: window, from: before) }
        composition = try AppComposition(environment: appEnvironment)
        shell = TerminalShell(composition: composition)
        for id in Self.noteBooks { _ = composition.services.notes.draft(for: id) }
    }

    /// The process's end: its SQLite connections close, so that nothing of their memory outlives
    /// it (work the dead process left pending may still hold its services).
    isolated deinit {
        localCatalogue.close()
        composition.services.readingList.close()
    }

    /// Books whose notes are checked after every relaunch, whether or not an editor shows them
    /// (their drafts are opened, and so loaded and checked, at launch); others are checked while
    /// an editor shows them.
    static let noteBooks = Array(books.prefix(3).map(\.id))
    /// Books the student opens and puts in the basket: few, so that windows and notes collide.
    static let browsedBooks = Array(books.prefix(8))
    /// The bundled catalogue (325 public-domain books), decoded once per process.
    static let books: [Book] = (try? CatalogueSeed.books()) ?? []
    /// Every book that exists: the bundled catalogue's and the simulated Open Library's works.
    static let bookIDs = Set(books.map(\.id) + SimulatedOpenLibrary.works.map(\.id))
}
