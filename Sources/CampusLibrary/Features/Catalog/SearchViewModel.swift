import Lifecycle
import Observation

/// The search screen of one window: the query, its results as an explicit load state, and the
/// window's selected book. With an empty query the list shows the new-arrivals shelf.
///
/// ```swift
/// search.updateQuery("tale two")      // results load in the window's scope
/// search.moveHighlight(by: 1)         // the selection follows the highlight
/// ```
///
/// Owned by its ``WindowModel`` (scene lifetime); its work runs in the window's scope, so a result
/// that arrives after the window closed is dropped. Lives on the main actor.
@Observable
@MainActor
public final class SearchViewModel {
    /// The text in the search field.
    public private(set) var query = ""
    /// The results of ``query`` (idle while the query is empty).
    public private(set) var results: LoadState<[Book]> = .idle
    /// The book this window has selected, restored with the window.
    public private(set) var selection: BookID?

    @ObservationIgnored private let catalogue: LibraryCatalogue
    @ObservationIgnored private let arrivals: NewArrivalsService
    @ObservationIgnored private let analytics: AnalyticsService
    @ObservationIgnored private let clock: any LifelineClock
    @ObservationIgnored private let scope: TaskScope
    @ObservationIgnored private var inFlight: Task<Void, Never>?
    /// True from a restore until the restored query has been searched.
    @ObservationIgnored private var needsSearch = false
    /// True when Return was pressed while results were loading: open once they arrive.
    @ObservationIgnored private var opensWhenLoaded = false
    /// Opens a book for this screen (set by the window).
    @ObservationIgnored var onOpen: (@MainActor (Book) -> Void)?
    /// Whether the planted ``CampusBug/listForgetsSelection`` clears the selection on new results.
    @ObservationIgnored private let forgetsSelectionOnReload: Bool

    /// Creates the screen's model; work runs in `scope` (the window's).
    public convenience init(
        catalogue: LibraryCatalogue, arrivals: NewArrivalsService, analytics: AnalyticsService,
        clock: any LifelineClock, scope: TaskScope
    ) {
        self.init(catalogue: catalogue, arrivals: arrivals, analytics: analytics, clock: clock, scope: scope, bugs: [])
    }

    /// Creates the screen's model with `bugs` planted.
    package init(
        catalogue: LibraryCatalogue, arrivals: NewArrivalsService, analytics: AnalyticsService,
        clock: any LifelineClock, scope: TaskScope, bugs: Set<CampusBug>
    ) {
        self.catalogue = catalogue
        self.arrivals = arrivals
        self.analytics = analytics
        self.clock = clock
        self.scope = scope
        self.forgetsSelectionOnReload = bugs.contains(.listForgetsSelection)
    }

    /// The books listed: the results, or the new arrivals while the query is empty.
    public var books: [Book] {
        query.isEmpty ? arrivals.books : (results.value ?? [])
    }

    /// Whether the list shows the new-arrivals shelf.
    public var isShowingArrivals: Bool { query.isEmpty }

    /// The row of the selected book in ``books``, if it is listed.
    public var highlightedIndex: Int? {
        guard let selection else { return nil }
        return books.firstIndex { $0.id == selection }
    }

    /// The selected book's record, if it is listed or cached.
    public var selectedBook: Book? {
        guard let selection else { return nil }
        return books.first { $0.id == selection } ?? catalogue.cachedBook(selection)
    }

    /// Replaces the query and searches (after the catalogue's debounce, cancelling any search in
    /// flight).
    public func updateQuery(_ text: String) {
        guard text != query else { return }
        opensWhenLoaded = false
        query = String(text.prefix(200))
        search()
    }

    /// Runs the current query again (after a restore or once the catalogue has loaded).
    public func search() {
        needsSearch = false
        inFlight?.cancel()
        guard !query.isEmpty else {
            results = .idle
            return
        }
        guard catalogue.isLoaded else {
            results = .loading
            needsSearch = true
            catalogue.whenLoaded { [weak self] in self?.searchIfNeeded() }
            return
        }
        results = .loading
        let query = query
        let delay = catalogue.service.searchDebounce
        inFlight = scope.task("search") { [catalogue, clock] in
            if delay > .zero { try await clock.sleep(for: delay) }
            return try await catalogue.search(query)
        } apply: { [weak self] result in
            guard let self, self.query == query else { return }
            self.results = LoadState(result)
            if self.forgetsSelectionOnReload { self.selection = nil }
            if case .success(let books) = result, !books.isEmpty { self.analytics.track(.searched) }
            if self.opensWhenLoaded {
                self.opensWhenLoaded = false
                if let book = self.bookToOpen { self.onOpen?(book) }
            }
        }
    }

    /// Moves the highlight (and so the selection) by `delta` rows, clamped to the list.
    public func moveHighlight(by delta: Int) {
        let books = books
        guard !books.isEmpty else { return }
        let current = highlightedIndex ?? (delta > 0 ? -1 : books.count)
        let next = min(max(current + delta, 0), books.count - 1)
        selection = books[next].id
    }

    /// Selects `id` (opening a book, following a link).
    public func select(_ id: BookID?) {
        selection = id
    }

    /// Opens the book Return stands for: the highlighted one, else the first listed — or, while
    /// the results are still loading, the one they bring (typing fast and pressing Return works).
    public func openSelection() {
        if let book = bookToOpen {
            onOpen?(book)
        } else if results.isLoading {
            opensWhenLoaded = true
        }
    }

    /// The book to open on Return: the highlighted one, else the first listed.
    public var bookToOpen: Book? {
        let books = books
        if let index = highlightedIndex { return books[index] }
        return books.first
    }

    /// Runs a search that restoration deferred (see `restore(query:selection:)`).
    public func searchIfNeeded() {
        guard needsSearch else { return }
        needsSearch = false
        search()
    }

    /// Puts back a restored query and selection. The search itself waits until the window is on
    /// screen (``searchIfNeeded()``), so restoring many windows costs nothing up front.
    func restore(query: String, selection: BookID?) {
        self.query = String(query.prefix(200))
        self.selection = selection
        needsSearch = !self.query.isEmpty
        results = needsSearch ? .loading : .idle
    }
}
