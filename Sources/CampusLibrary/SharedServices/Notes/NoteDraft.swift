import Lifecycle
import Observation

/// The note being written on one book: saved after meaningful edits (debounced through the injected
/// clock, 300 ms by default), flushed at once when a window goes inactive, never written before the
/// stored note has been read (hydration guard), with a visible ``saveState``.
///
/// ```swift
/// let draft = notes.draft(for: book.id)   // hydrated from the store
/// draft.edit("Chapter 3: the letter")      // .pending, saved 300 ms after the last edit
/// draft.flush()                             // the window resigned active: save now
/// ```
///
/// One draft per book, shared by every window showing that book; created and retained by
/// ``NotesRepository`` (application lifetime). Lives on the main actor.
@Observable
@MainActor
public final class NoteDraft {
    /// The book the note is about.
    public let bookID: BookID
    /// The text as the student sees it (saved or not).
    public private(set) var text = ""
    /// Whether what is shown is saved.
    public private(set) var saveState: SaveState = .saved
    /// Whether the stored note has been read; until then the draft refuses edits.
    public private(set) var hydration: LoadState<Void> = .idle

    @ObservationIgnored private let store: any NoteStore
    @ObservationIgnored private let clock: any LifelineClock
    @ObservationIgnored private let debounce: Duration
    @ObservationIgnored private let logger: LifelineLogger
    @ObservationIgnored private let onSaved: @MainActor (Note) -> Void
    /// The debounce (or retry) timer; at most one is pending, and only while `isDirty`.
    @ObservationIgnored private var pendingSave: ScheduledAction?
    /// True from an edit until a write of that text has returned.
    @ObservationIgnored private var isDirty = false

    /// Creates the draft; call ``hydrate()`` before editing.
    public init(
        bookID: BookID, store: any NoteStore, clock: any LifelineClock, debounce: Duration = .milliseconds(300),
        logger: LifelineLogger, onSaved: @escaping @MainActor (Note) -> Void = { _ in }
    ) {
        self.bookID = bookID
        self.store = store
        self.clock = clock
        self.debounce = debounce
        self.logger = logger.category("notes")
        self.onSaved = onSaved
    }

    /// Whether the stored note has been read.
    public var isHydrated: Bool { hydration.value != nil }

    /// Whether an edit has not reached storage yet.
    public var hasUnsavedChanges: Bool { isDirty }

    /// Reads the stored note (once). A failure leaves the draft read-only and says so.
    public func hydrate() {
        guard !isHydrated else { return }
        do {
            text = try store.note(for: bookID)?.text ?? ""
            hydration = .loaded(())
        } catch {
            logger.error("A note could not be read: \(error.description, privacy: .public)")
            hydration = .failed(error)
        }
    }

    /// Replaces the text. A change is saved once no further edit arrives for the debounce interval;
    /// an identical text is not an edit. Ignored (and logged) before hydration.
    public func edit(_ newText: String) {
        guard isHydrated else {
            logger.warning("NoteDraft.edit was called before the stored note was read; the edit was dropped.")
            return
        }
        guard newText != text else { return }
        text = newText
        isDirty = true
        saveState = .pending
        schedulePersist(after: debounce)
    }

    /// Saves a pending edit now (the window is resigning active or going away). Does nothing when
    /// there is nothing to save or before hydration.
    public func flush() {
        guard isHydrated, isDirty else { return }
        persist()
    }

    private func schedulePersist(after delay: Duration) {
        pendingSave?.cancel()
        pendingSave = clock.schedule(after: delay) { [weak self] in self?.persist() }
    }

    /// The one definition of "save", used by the debounce, the retry and the flush.
    private func persist() {
        pendingSave?.cancel()
        pendingSave = nil
        guard isHydrated, isDirty else { return }
        saveState = .saving
        let note = Note(bookID: bookID, text: text, updatedAt: clock.date)
        do {
            if note.text.isEmpty {
                try store.removeNote(for: bookID)
            } else {
                try store.save(note)
            }
            isDirty = false
            saveState = .saved
            onSaved(note)
        } catch {
            logger.error("A note could not be saved; retrying in 1 s: \(error.description, privacy: .public)")
            saveState = .failed(error.description)
            schedulePersist(after: .seconds(1))
        }
    }
}
