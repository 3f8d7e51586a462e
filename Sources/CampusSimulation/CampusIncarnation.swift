import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator

/// One process incarnation of the real Campus Library on the simulator's virtual device: the
/// `AppComposition` the terminal app builds, from the simulation environment (virtual clock,
/// simulated disk, secret store, logger, screen registry), with the embedded library service and
/// the run's catalogue (`CampusIncarnation+Catalogue.swift`) reached over the device's network.
///
/// ```swift
/// let outcome = await Simulator(app: CampusIncarnation.app).run(seed: 7, depth: 50)
/// ```
///
/// The app reports what is saved itself: each note (its `PersistentValue`), the reading list (its
/// `Database`), the account (custom storage, reported by its service) and the app's own changes
/// of a window's restorable fields; its windows show what they show (`VisibleValues`), the
/// basket and the account in their headers. The basket, saved by a request to the service, is
/// recorded as the student edits it (its actions) and acknowledged by the inactive rule.
/// Built by the simulator once per launch; lives on the main actor.
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
    /// The student's hands on the app's terminal shell.
    let hands: SimulatedHands
    /// The catalogue's SQLite database on the device, closed when the incarnation dies.
    private let localCatalogue: SQLiteCatalogue

    /// Builds the composition root of one process from `environment`.
    /// - Throws: the composition's validation error (the graph is checked by the app's tests).
    public convenience init(environment: SimulationEnvironment) throws {
        try self.init(environment: environment, bugs: [])
    }

    /// Builds the composition root of one process from `environment`, with `bugs` planted.
    /// - Throws: the composition's validation error (the graph is checked by the app's tests).
    package init(environment: SimulationEnvironment, bugs: Set<CampusBug>) throws {
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
            runtime: environment.runtime, fileSystem: environment.fileSystem, secretStore: environment.secretStore,
            logger: environment.logger, dataDirectory: Self.dataDirectory, catalogue: .custom(catalogue), server: server,
            analyticsSink: RecordingAnalyticsSink(), makeIdentifier: environment.identifiers(prefix: "request")
        )
        appEnvironment.plantedBugs = bugs
        appEnvironment.screens = environment.screens
        appEnvironment.windowChangedByApp = { window, before in catalogue.noteChange(of: window, from: before) }
        composition = try AppComposition(environment: appEnvironment)
        hands = SimulatedHands(composition: composition)
        for id in Self.noteBooks { _ = composition.services.notes.draft(for: id) }
    }

    /// The process's end: its SQLite connections close, so that nothing of their memory outlives
    /// it (work the dead process left pending may still hold its services).
    isolated deinit {
        localCatalogue.close()
        composition.services.readingList.close()
    }

    /// What the student sees besides the windows (which show themselves): the notes of
    /// ``noteBooks`` no editor shows, as any screen opening them would show them, and the
    /// reading list once read.
    var observations: [Observation] {
        let services = composition.services
        let edited = Set(composition.windows.values.compactMap { window -> BookID? in
            if case .notes(let editor) = window.screen, editor.isEditable { editor.bookID } else { nil }
        })
        var result = Self.noteBooks.filter { !edited.contains($0) }.map(services.notes.draft(for:)).filter(\.isHydrated)
            .map { Observation(key: Self.noteKey($0.bookID), value: $0.text.isEmpty ? nil : $0.text) }
        if services.readingList.isLoaded {
            let list = ReadingList.historyText(of: services.readingList.entries)
            result.append(Observation(key: HistoryKey(ReadingList.historyName), value: list))
        }
        return result
    }

    /// Books whose notes are checked after every relaunch, whether or not an editor shows them
    /// (their drafts are opened at launch); others are checked while an editor shows them.
    static let noteBooks = Array(books.prefix(3).map(\.id))
    /// Books the student opens and puts in the basket: few, so that windows and notes collide.
    static let browsedBooks = Array(books.prefix(8))
    /// The bundled catalogue (325 public-domain books), decoded once per process.
    static let books: [Book] = (try? CatalogueSeed.books()) ?? []
    /// Every book that exists: the bundled catalogue's and the simulated Open Library's works.
    static let bookIDs = Set(books.map(\.id) + SimulatedOpenLibrary.works.map(\.id))

    static func noteKey(_ id: BookID) -> HistoryKey { HistoryKey(NoteDraft.historyName(of: id)) }
}
