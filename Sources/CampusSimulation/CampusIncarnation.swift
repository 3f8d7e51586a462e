import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator

/// One process incarnation of the real Campus Library on the simulator's virtual device: the same
/// `AppComposition` the terminal app builds, from the simulation environment
/// (virtual clock, simulated disk, the device's secret store, the run's logger), with the embedded
/// library service on the simulated disk and, by the run's variant, the bundled catalogue (the
/// app's own `SQLiteCatalogue`, real SQLite with FTS5 on the simulated disk, from the
/// `deviceImage` every run starts with) or the app's remote catalogue over a simulated Open Library (see
/// `CampusIncarnation+Catalogue.swift`), all reached over the device's network
/// (`NetworkedCatalogue`, `SimulatedOpenLibrary`, `CheckedLibraryServer`): their calls take the
/// run's latency and may fail, and the services go down when the schedule says so. The reading
/// list is SQLite on the simulated disk too, checked after every death (`databaseChecks(bugs:)`).
///
/// ```swift
/// let simulator = Simulator(app: CampusIncarnation.app)
/// let outcome = await simulator.run(seed: 7, depth: 50)
/// ```
///
/// The student acts through the app's screens (their hands press the terminal shell's keys);
/// what each action meant to change on the screen it touched is recorded as their edit. The
/// history learns what the app says is saved: notes (acknowledged when the draft is durably
/// saved), the basket (by the inactive rule), the reading list (recorded as it writes each
/// change, acknowledged when the change is committed), the signed-in account (recorded when the
/// app shows it, acknowledged once the token is stored), and each window's query, selection and
/// navigation path, one field each (acknowledged when the system captures the scene's
/// restoration payload).
/// Built by the simulator once per launch; lives on the main actor.
@MainActor
public final class CampusIncarnation {
    /// Where the app keeps its data on the simulated disk.
    public static let dataDirectory = "/Campus"
    /// The name and password of the account the simulated student signs in with.
    static let credentials = (username: "ada", password: "analytical")

    /// The app's object graph in this process.
    public let composition: AppComposition
    /// The library service, wrapped so that the basket rules it sees can be checked.
    let server: CheckedLibraryServer
    /// The catalogue, wrapped so that what the windows drop after its answers can be checked.
    let watchedCatalogue: CheckedCatalogue
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
        server = CheckedLibraryServer(
            EmbeddedLibraryServer(
                directory: Self.dataDirectory + "/server", fileSystem: environment.fileSystem, clock: environment.clock,
                makeToken: { environment.canary.revealed }
            ),
            network: environment.remoteService("library server")
        )
        let catalogue = Self.makeCatalogue(for: environment, local: localCatalogue, bugs: bugs)
        watchedCatalogue = catalogue
        var identifiers = 0
        let incarnation = environment.incarnation
        var appEnvironment = AppEnvironment(
            runtime: environment.runtime, fileSystem: environment.fileSystem, secretStore: environment.secretStore,
            logger: environment.logger, dataDirectory: Self.dataDirectory,
            catalogue: .custom(catalogue),
            server: server,
            analyticsSink: RecordingAnalyticsSink(),
            makeIdentifier: {
                identifiers += 1
                return "request-\(incarnation)-\(identifiers)"
            }
        )
        appEnvironment.plantedBugs = bugs
        let history = environment.history
        appEnvironment.noteSaved = { note in
            history.acknowledge(Self.noteKey(note.bookID), value: note.text.isEmpty ? nil : note.text)
        }
        appEnvironment.windowChangedByApp = { window, before in
            history.edit(
                changesFrom: Self.fields(of: window.sessionID, before), to: Self.fields(of: window), durability: .restorable
            )
            catalogue.noteChange(of: window, from: before)
        }
        composition = try AppComposition(environment: appEnvironment)
        hands = SimulatedHands(composition: composition)
        composition.services.auth.onAccountChange = { [tokens] account in
            history.edit(Self.accountKey, value: account?.username, durability: .requested)
            let isStored = (try? tokens.token()) != nil
            if isStored == (account != nil) { history.acknowledge(Self.accountKey, value: account?.username) }
        }
        Self.recordSaves(of: composition.services.readingList, into: history)
        // A change made before the saved basket was read is merged into it at hydration: the
        // basket the student meant is known only then.
        composition.services.basket.onEarlyChangesApplied = { [weak basket = composition.services.basket] in
            if let basket { history.edit(Self.basketKey, value: Self.shown(basket)) }
        }
        for id in Self.noteBooks { _ = composition.services.notes.draft(for: id) }
    }

    /// The process's end: its SQLite connections close, so that nothing of their memory outlives
    /// it (work the dead process left pending may still hold its services).
    isolated deinit {
        localCatalogue.close()
        composition.services.readingList.close()
    }

    // MARK: What the student sees

    /// What the history checks, as the student sees it: each window's fields (once its restored or linked books are
    /// checked) and the note its
    /// editor shows; the notes of ``noteBooks`` not open in an editor, as any screen opening them
    /// would show them; the basket once hydrated; the reading list once read; the account once the
    /// launch gate has opened.
    var observations: [Observation] {
        var result: [Observation] = []
        let services = composition.services
        var edited: Set<BookID> = []
        for (_, window) in composition.windows.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            // A window whose restored or linked books are still being looked up may show a book
            // the lookup will take out: its fields are not checked yet.
            if !window.isCheckingBooks { result += Self.fields(of: window) }
            if let note = Self.noteShown(in: window), case .notes(let editor) = window.screen {
                result.append(note)
                edited.insert(editor.bookID)
            }
        }
        for id in Self.noteBooks where !edited.contains(id) {
            let draft = services.notes.draft(for: id)
            guard draft.isHydrated else { continue }
            result.append(Observation(key: Self.noteKey(id), value: draft.text.isEmpty ? nil : draft.text))
        }
        if services.basket.isHydrated {
            result.append(Observation(key: Self.basketKey, value: Self.shown(services.basket)))
        }
        if services.readingList.isLoaded {
            result.append(Observation(key: Self.readingListKey, value: Self.shown(services.readingList.entries)))
        }
        if !services.auth.isRestoringSession, !services.auth.isWorking {
            result.append(Observation(key: Self.accountKey, value: services.auth.state.account?.username))
        }
        return result
    }

    /// Books whose notes are checked after every relaunch, whether or not an editor shows them:
    /// their drafts are opened at launch, as any screen opening the note would show it. (Notes on
    /// other books are checked while an editor shows them.)
    static let noteBooks = Array(books.prefix(3).map(\.id))
    /// Books the student opens and puts in the basket: few, so that windows and notes collide.
    static let browsedBooks = Array(books.prefix(8))

    /// The bundled catalogue (325 public-domain books), decoded once per process.
    static let books: [Book] = (try? CatalogueSeed.books()) ?? []
    /// Every book that exists: the bundled catalogue's and the simulated Open Library's works.
    static let bookIDs = Set(books.map(\.id) + SimulatedOpenLibrary.works.map(\.id))

    static let basketKey = HistoryKey("basket")
    static let accountKey = HistoryKey("account")
    static func noteKey(_ id: BookID) -> HistoryKey { HistoryKey("note:\(id.rawValue)") }

    /// The basket as the history sees it: its book ids in order, `nil` when empty.
    static func shown(_ basket: BorrowingBasket) -> String? {
        basket.items.isEmpty ? nil : basket.items.map(\.id.rawValue).joined(separator: ",")
    }

    /// A window's restorable state as the history sees it, one field each: the query (`nil` when
    /// empty), the selection and the navigation path (`nil` on the search screen).
    static func fields(of window: WindowModel) -> [Observation] {
        fields(of: window.sessionID, window.state)
    }

    /// The fields of `state`, the restorable state of window `id`.
    static func fields(of id: SceneSessionID, _ state: WindowState) -> [Observation] {
        let path = state.navigation.path.map { route in route.bookID.map { "\(route):\($0)" } ?? "\(route)" }
        return [
            Observation(key: HistoryKey("query", scene: id), value: state.query.isEmpty ? nil : state.query),
            Observation(key: HistoryKey("selection", scene: id), value: state.selection?.rawValue),
            Observation(key: HistoryKey("path", scene: id), value: path.isEmpty ? nil : path.joined(separator: "/")),
        ]
    }
}
