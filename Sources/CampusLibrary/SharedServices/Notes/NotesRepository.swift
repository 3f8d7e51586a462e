import Lifecycle

/// The shared persistence controller for notes: one ``NoteDraft`` per book, shared by all windows
/// (two windows on the same book edit the same text), and a flush of every pending edit for
/// lifecycle transitions.
///
/// Created once by the composition root (application lifetime); lives on the main actor.
@MainActor
public final class NotesRepository {
    private let store: any NoteStore
    private let clock: any LifelineClock
    private let debounce: Duration
    private let logger: LifelineLogger
    private let onSaved: @MainActor (Note) -> Void
    private var drafts: [BookID: NoteDraft] = [:]

    /// Creates the repository over `store`.
    public init(
        store: any NoteStore, clock: any LifelineClock, debounce: Duration = .milliseconds(300),
        logger: LifelineLogger, onSaved: @escaping @MainActor (Note) -> Void = { _ in }
    ) {
        self.store = store
        self.clock = clock
        self.debounce = debounce
        self.logger = logger
        self.onSaved = onSaved
    }

    /// The draft of the note on `bookID`, hydrated from the store on first use.
    public func draft(for bookID: BookID) -> NoteDraft {
        if let draft = drafts[bookID] {
            if !draft.isHydrated { draft.hydrate() }
            return draft
        }
        let draft = NoteDraft(
            bookID: bookID, store: store, clock: clock, debounce: debounce, logger: logger, onSaved: onSaved
        )
        drafts[bookID] = draft
        draft.hydrate()
        return draft
    }

    /// Saves every pending edit now (a window resigned active, the app is going away).
    public func flushAll() {
        for draft in drafts.values.sorted(by: { $0.bookID < $1.bookID }) { draft.flush() }
    }

    /// Whether any draft has an edit that has not reached storage.
    public var hasUnsavedChanges: Bool { drafts.values.contains { $0.hasUnsavedChanges } }

    /// Books with a stored note.
    /// - Throws: ``NoteStoreError``.
    public func bookIDsWithNotes() throws(NoteStoreError) -> [BookID] {
        try store.bookIDsWithNotes()
    }
}
