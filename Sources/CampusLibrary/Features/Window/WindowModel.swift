import DurableState
import Foundation
import Lifecycle
import LifelineHistory
import Observation

/// One window (scene): its own navigation and selection, the model of the screen on top, and the
/// restoration of both from the scene session's payload — validated against the catalogue, so a
/// book that no longer exists yields a recovery message and a shorter path, never a crash. A book
/// the catalogue cannot check now (it is offline, a request timed out) is kept: the window's
/// restorable state stays as it was, and the check runs again when the catalogue may answer.
///
/// ```swift
/// window.openBook(id)            // selection + push .book(id)
/// window.open(.notes(id))        // the note editor on top
/// window.back()
/// ```
///
/// Created by the scene delegate when its scene connects and owned by it (scene lifetime); screens
/// get child scopes of the scene's scope, ended when they are popped. Lives on the main actor.
@Observable
@MainActor
public final class WindowModel: VisibleValues {
    /// The model of the screen on top of a window.
    public enum Screen {
        /// The root search screen.
        case search(SearchViewModel)
        /// A book record.
        case book(BookRecordViewModel)
        /// A note editor.
        case notes(NoteEditorViewModel)
        /// The basket.
        case basket(BasketViewModel)
        /// The reading list.
        case readingList(ReadingListViewModel)
        /// The profile.
        case profile(ProfileViewModel)

        /// The screen's view model.
        public var model: AnyObject {
            switch self {
            case .search(let model): model
            case .book(let model): model
            case .notes(let model): model
            case .basket(let model): model
            case .readingList(let model): model
            case .profile(let model): model
            }
        }
    }

    /// The scene session this window belongs to.
    public let sessionID: SceneSessionID
    /// The screens above the search screen.
    public private(set) var navigation = NavigationState<AppRoute>()
    /// The root search screen (also the window's selection).
    public let search: SearchViewModel
    /// The screen on top.
    public private(set) var screen: Screen
    /// A message explaining what could not be restored or opened; cleared by the next navigation.
    public private(set) var recoveryMessage: String?
    /// Whether books restored or linked into the window are still being looked up in the
    /// catalogue: until then the window may show a book that the lookup will take out.
    public var isCheckingBooks: Bool { pendingBookChecks > 0 }
    /// Lookups of ``checkBooks(_:restored:)`` not answered yet.
    private var pendingBookChecks = 0
    /// Called after the app itself changed the window's restorable state (a followed link, restored
    /// books found missing) rather than the student's own navigation, with the state before the
    /// change. Set by ``AppComposition`` from ``AppEnvironment/windowChangedByApp``.
    @ObservationIgnored public var onAppChange: (@MainActor (_ window: WindowModel, _ before: WindowState) -> Void)?

    @ObservationIgnored private let services: AppServices
    @ObservationIgnored private let scope: TaskScope
    @ObservationIgnored private let screens: ScreenFactory
    @ObservationIgnored private var screenScope: TaskScope?

    /// Creates a fresh window whose work runs in `scope` (the scene's) and whose screens `screens`
    /// builds.
    public convenience init(sessionID: SceneSessionID, services: AppServices, scope: TaskScope, screens: ScreenFactory) {
        self.init(sessionID: sessionID, services: services, scope: scope, screens: screens, search: nil, bugs: [])
    }

    /// Creates a window whose search screen is `search` (a new one, with `bugs` planted, for
    /// `nil`): only the planted ``CampusBug/sharedSearchModel`` hands every window the same one.
    package init(
        sessionID: SceneSessionID, services: AppServices, scope: TaskScope, screens: ScreenFactory, search: SearchViewModel?,
        bugs: Set<CampusBug>
    ) {
        self.sessionID = sessionID
        self.services = services
        self.scope = scope
        self.screens = screens
        let search = search ?? SearchViewModel(
            catalogue: services.catalogue, arrivals: services.arrivals, analytics: services.analytics,
            clock: services.clock, scope: scope, bugs: bugs
        )
        self.search = search
        self.screen = .search(search)
        if bugs.contains(.windowRetainCycle) {
            search.onOpen = { book in self.openBook(book.id) }
        } else {
            search.onOpen = { [weak self] book in self?.openBook(book.id) }
        }
    }

    /// The window is on screen: load what restoration deferred (the restored search). Cheap and
    /// idempotent; front-ends call it for the window they draw.
    public func appear() {
        search.searchIfNeeded()
    }

    /// The window's selected book.
    public var selection: BookID? { search.selection }

    /// The route on top, or `nil` on the search screen.
    public var topRoute: AppRoute? { navigation.top }

    /// Opens `route` on top (nothing if it is already on top). A book route also selects the book.
    /// A window keeps at most ``WindowState/maximumPathLength`` screens above the search: opening
    /// one more forgets the oldest, so the whole stack is always restorable.
    public func open(_ route: AppRoute) {
        recoveryMessage = nil
        if let id = route.bookID { search.select(id) }
        guard navigation.top != route else { return }
        navigation.push(route)
        if navigation.path.count > WindowState.maximumPathLength {
            navigation.path.removeFirst(navigation.path.count - WindowState.maximumPathLength)
        }
        rebuildScreen()
    }

    /// Follows a link: back to the search screen, then `route` on top. A linked book missing from
    /// the catalogue is taken back off, with a recovery message, once the catalogue can tell.
    public func follow(_ route: AppRoute) {
        let before = state
        popToRoot()
        open(route)
        onAppChange?(self, before)
        if let id = route.bookID { checkBooks([id], restored: false) }
    }

    /// Selects and opens the record of `id`.
    public func openBook(_ id: BookID) {
        open(.book(id))
    }

    /// Opens the note editor for the book on top (or the selected one).
    public func openNotes() {
        guard let id = navigation.top?.bookID ?? search.selection else { return }
        open(.notes(id))
    }

    /// Goes back one screen; does nothing on the search screen.
    public func back() {
        recoveryMessage = nil
        guard !navigation.path.isEmpty else { return }
        navigation.pop()
        rebuildScreen()
    }

    /// Goes back to the search screen.
    public func popToRoot() {
        recoveryMessage = nil
        guard !navigation.path.isEmpty else { return }
        navigation.popToRoot()
        rebuildScreen()
    }

    /// Hides the recovery message.
    public func dismissRecoveryMessage() {
        recoveryMessage = nil
    }

    /// The state restored on relaunch.
    public var state: WindowState {
        WindowState(query: search.query, selection: search.selection, navigation: navigation)
    }

    /// The window's restorable state as it shows it, field by field (``WindowState/historyFields``),
    /// under the window's scene.
    public var stateValues: [VisibleValue] {
        state.historyFields.map { VisibleValue(HistoryKey($0.name, scene: sessionID), text: $0.text) }
    }

    /// What the window shows: its state's fields — provisional while restored or linked books
    /// are looked up, when it may show a book the lookup will take out — the note its editor
    /// shows, once readable, and what its header shows of the app: the account once the session
    /// is settled (no restore or request in flight, and not a kept session whose account could
    /// not be read yet, which the header says is kept and checked again) and the basket once
    /// hydrated.
    public var visibleValues: [VisibleValue] {
        var values = stateValues
        if isCheckingBooks { for index in values.indices { values[index].isProvisional = true } }
        if case .notes(let editor) = screen { values += editor.visibleValues }
        let auth = services.auth
        if !auth.isRestoringSession, !auth.isWorking, !(auth.awaitsVerification && auth.state.account == nil) {
            values.append(VisibleValue(AuthenticationService.historyName, text: services.auth.state.account?.username))
        }
        if services.basket.isHydrated { values.append(VisibleValue(BorrowingBasket.historyName, text: services.basket.historyText)) }
        return values
    }

    /// The restoration payload for the scene session (`nil` if it cannot be encoded, which is
    /// logged: the window then starts fresh next time).
    public func restorationPayload() -> Data? {
        do {
            return try WindowState.restoration.encode(state, writtenAt: services.clock.date)
        } catch {
            services.logger.category("restoration").error("A window's state could not be encoded: \(error.description, privacy: .public)")
            return nil
        }
    }

    /// Restores the window from a session's payload (nothing for `nil`). An unreadable payload
    /// starts a fresh window with a recovery message; books are checked once the catalogue has
    /// loaded.
    public func restore(from payload: Data?) {
        let outcome = WindowState.restoration.restore(from: payload)
        switch outcome.outcome {
        case .nothingStored:
            return
        case .defaulted:
            let reason = outcome.problem?.description ?? "unknown"
            services.logger.category("restoration").warning("A window started fresh: \(reason, privacy: .public)")
            recoveryMessage = "This window could not be restored and was reset."
            return
        case .repaired:
            recoveryMessage = outcome.recoveryMessages.joined(separator: " ")
        case .restored:
            break
        }
        let restored = outcome.state
        navigation = restored.navigation
        search.restore(query: restored.query, selection: restored.selection)
        rebuildScreen()
        checkBooks(restored.referencedBooks, restored: true)
    }

    /// Once the catalogue has loaded, takes the books of `ids` it no longer has out of the window
    /// (selection and screens) and says so. `restored` picks the message: a restored window or a link.
    private func checkBooks(_ ids: [BookID], restored: Bool) {
        guard !ids.isEmpty else { return }
        pendingBookChecks += 1
        services.catalogue.whenLoaded { [weak self] in self?.verifyBooks(ids, restored: restored) }
    }

    /// Asks the catalogue about `ids`. Only its answer removes a book: when it cannot answer, the
    /// window keeps them all and asks again once the catalogue may answer (the check is still
    /// pending meanwhile).
    private func verifyBooks(_ ids: [BookID], restored: Bool) {
        scope.task("check the window's books") { [catalogue = services.catalogue] in
            try await catalogue.books(ids)
        } apply: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let found):
                self.pendingBookChecks -= 1
                self.dropMissingBooks(of: ids, found: found, restored: restored)
            case .failure(let error):
                self.services.logger.category("restoration").info(
                    "The books of a \(restored ? "restored window" : "link", privacy: .public) could not be checked now; the window keeps them: \(String(describing: error), privacy: .public)"
                )
                if LoadState<Void>(failure: error).isUnavailable {
                    self.services.catalogue.retryWhenAvailable { [weak self] in self?.verifyBooks(ids, restored: restored) }
                } else {
                    self.pendingBookChecks -= 1
                }
            }
        }
    }

    /// Takes the books of `ids` that `found` lacks (the catalogue's answer) out of the selection
    /// and the path, and says so. Only the books looked up are judged: the student may have opened
    /// others since.
    private func dropMissingBooks(of ids: [BookID], found: [BookID: Book], restored: Bool) {
        let missing = ids.filter { found[$0] == nil }
        guard !missing.isEmpty else { return }
        let before = state
        services.logger.category("restoration").info(
            "A \(restored ? "restored window" : "link", privacy: .public) referred to \(missing.count, privacy: .public) books not in the catalogue."
        )
        if let selection = search.selection, missing.contains(selection) { search.select(nil) }
        let valid = navigation.validated { route in route.bookID.map { !missing.contains($0) } ?? true }
        if valid != navigation {
            navigation = valid
            rebuildScreen()
        }
        let names = missing.map { "“\($0)”" }.joined(separator: ", ")
        recoveryMessage = restored
            ? "\(names) \(missing.count == 1 ? "is" : "are") no longer in the catalogue; the window shows what could be restored."
            : "\(names) is not in the catalogue."
        onAppChange?(self, before)
    }

    private func rebuildScreen() {
        screenScope?.end()
        screenScope = nil
        guard let route = navigation.top else {
            screen = .search(search)
            return
        }
        let child = scope.child(named: "screen \(route)")
        screenScope = child
        do {
            screen = try screens.makeScreen(for: route, taskScope: child)
            return
        } catch {
            services.logger.error("A screen could not be built: \(error.description, privacy: .public)")
        }
        child.end()
        screenScope = nil
        navigation.popToRoot()
        screen = .search(search)
        recoveryMessage = "That screen could not be opened."
    }
}
