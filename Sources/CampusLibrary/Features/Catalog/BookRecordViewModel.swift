import Lifecycle
import Observation

/// The book record screen: the record as an explicit load state, the basket and reading list
/// toggles and a preview of the note. A book that no longer exists is `LoadState.notFound` with a recovery message,
/// never a crash; while the catalogue cannot answer the record is `LoadState.unavailable` and
/// loads by itself once the catalogue answers again (see ``LibraryCatalogue/retryWhenAvailable(_:)``).
///
/// Created by its ``WindowModel`` when the screen is pushed (screen lifetime: its scope ends when the
/// screen is popped); lives on the main actor.
@Observable
@MainActor
public final class BookRecordViewModel {
    /// Why a record could not be shown, for screens that report it as an error.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The catalogue has no such book (any more).
        case notFound(BookID)

        /// A recovery message.
        public var description: String {
            switch self {
            case .notFound(let id): "The book “\(id)” is no longer in the catalogue."
            }
        }
    }

    /// The book's identifier.
    public let bookID: BookID
    /// The note on the book, shared with every window on it.
    public let note: NoteDraft
    /// The record.
    public private(set) var record: LoadState<Book> = .idle

    @ObservationIgnored private let catalogue: LibraryCatalogue
    @ObservationIgnored private let basket: BorrowingBasket
    @ObservationIgnored private let readingList: ReadingList
    @ObservationIgnored private let analytics: AnalyticsService
    @ObservationIgnored private let scope: TaskScope

    /// Creates the screen's model; call ``load()``.
    public init(
        bookID: BookID, catalogue: LibraryCatalogue, basket: BorrowingBasket, readingList: ReadingList,
        notes: NotesRepository, analytics: AnalyticsService, scope: TaskScope
    ) {
        self.bookID = bookID
        self.catalogue = catalogue
        self.basket = basket
        self.readingList = readingList
        self.note = notes.draft(for: bookID)
        self.analytics = analytics
        self.scope = scope
    }

    /// Loads the record (once the catalogue has loaded); while the catalogue cannot answer, again
    /// each time it may.
    public func load() {
        guard record.value == nil, !record.isLoading else { return }
        record = .loading
        catalogue.whenLoaded { [weak self] in self?.fetch() }
    }

    private func fetch() {
        scope.task("book record") { [catalogue, bookID] in
            try await catalogue.book(bookID)
        } apply: { [weak self] result in
            guard let self else { return }
            self.record = LoadState(lookup: result)
            switch self.record {
            case .loaded: self.analytics.track(.openedBook)
            case .unavailable: self.catalogue.retryWhenAvailable { [weak self] in self?.fetch() }
            case .idle, .loading, .notFound, .failed: break
            }
        }
    }

    /// Whether the book is in the basket.
    public var isInBasket: Bool { basket.contains(bookID) }

    /// Adds the book to the basket, or removes it.
    public func toggleBasket() {
        guard let book = record.value else { return }
        if basket.contains(book.id) {
            basket.remove(book.id)
        } else {
            basket.add(book)
            analytics.track(.addedToBasket)
        }
    }

    /// The book's entry on the reading list, if it is on it.
    public var readingListEntry: ReadingListEntry? { readingList.entry(for: bookID) }

    /// Whether the reading list can take the book now (it is loaded, and so is the record).
    public var canChangeReadingList: Bool { readingList.isLoaded && record.value != nil }

    /// Puts the book on the reading list, or takes it off.
    public func toggleReadingList() {
        guard let book = record.value else { return }
        if readingList.entry(for: book.id) != nil {
            readingList.remove(book.id)
        } else {
            readingList.add(book)
        }
    }

    /// The note's text (saved or not), shared with every window on this book.
    public var noteText: String { note.text }

    /// The note's save indicator.
    public var noteSaveState: SaveState { note.saveState }
}
