import DurableState
import Foundation
import Lifecycle
import Observation

/// The note being written on one book: DurableState's `PersistentValue` over a durable file,
/// presented for the interface.
///
/// ```swift
/// let draft = notes.draft(for: book.id)   // hydrates from notes/<id>.json
/// draft.edit("Chapter 3: the letter")      // .pending, saved 300 ms after the last edit
/// draft.flush()                             // the window resigned active: save now
/// ```
///
/// Saved after meaningful edits (an identical text is not an edit), debounced through the
/// injected clock, flushed at once when a window goes inactive (under an extra-time lease while
/// the write is in flight), never written before the stored note has been read. ``saveState``
/// says saved only once the durable write has returned; a failed write is shown and retried by
/// its `PersistentValue` until it succeeds (1 s, doubling, at most a minute apart), and at once
/// when a window goes inactive.
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
    /// What the student must be told about the stored note: it could not be read, where the
    /// damaged copy is kept, and whether the previous version is shown. `nil` when it read fine.
    public private(set) var recoveryMessage: String?

    @ObservationIgnored private let value: PersistentValue<String>
    @ObservationIgnored private let clock: any LifelineClock
    @ObservationIgnored private weak var runtime: LifecycleRuntime?
    @ObservationIgnored private let logger: LifelineLogger
    @ObservationIgnored private let onSaved: @MainActor (Note) -> Void
    @ObservationIgnored private var observation: SaveStateObservation?

    /// Creates the draft over `storage`; call ``hydrate()`` before editing. `history` says how
    /// its value reports to a simulation's history (an edit per change, acknowledged once saved).
    public init(
        bookID: BookID, storage: some ValueStorage<String>, runtime: LifecycleRuntime,
        debounce: Duration = .milliseconds(300), logger: LifelineLogger, history: HistoryRecording = .automatic,
        onSaved: @escaping @MainActor (Note) -> Void = { _ in }
    ) {
        self.bookID = bookID
        self.clock = runtime.clock
        self.runtime = runtime
        self.logger = logger.category("notes")
        self.onSaved = onSaved
        value = PersistentValue(
            initialValue: "", storage: storage, clock: runtime.clock, scope: runtime.applicationScope,
            name: "note", debounce: debounce, logger: logger, history: history
        )
        observation = value.addSaveStateObserver { [weak self] state in self?.saveStateChanged(state) }
    }

    /// How the names of notes in a simulation's history start (``historyName(of:)``).
    public static let historyPrefix = "note:"

    /// The name the note of `bookID` is shown under (``NoteEditorViewModel``) and reported to a
    /// simulation's history under.
    public static func historyName(of bookID: BookID) -> String { historyPrefix + bookID.rawValue }

    /// Whether the stored note has been read.
    public var isHydrated: Bool { hydration.value != nil }

    /// Whether an edit has not reached storage yet.
    public var hasUnsavedChanges: Bool { value.hasUnsavedChanges }

    /// Reads the stored note (once). A failure leaves the draft read-only and says so; calling
    /// again retries.
    public func hydrate() async {
        guard !isHydrated, !hydration.isLoading else { return }
        hydration = .loading
        let outcome = await value.hydrate()
        if case .failed(let error) = outcome {
            hydration = .failed(error)
            return
        }
        text = value.value
        recoveryMessage = Self.recoveryMessage(for: value.loadIssues, previousVersionShown: outcome == .loaded)
        hydration = .loaded(())
    }

    /// The message for what the load worked around, or `nil` if it had nothing to.
    static func recoveryMessage(for issues: [LoadIssue], previousVersionShown: Bool) -> String? {
        guard let issue = issues.first else { return nil }
        let shown = previousVersionShown ? "the previous version is shown" : "there is no earlier version, so it starts empty"
        switch issue {
        case let .quarantined(_, movedTo, _):
            return "This note could not be read; \(shown). The damaged copy is kept at \(movedTo)."
        case let .quarantineFailed(path, _, cause):
            return "This note could not be read; \(shown). The damaged file stays at \(path) (it could not be moved aside: \(cause)) and is not overwritten."
        case let .unreadable(path, cause):
            return "This note could not be read (\(cause)); \(shown). The file stays at \(path)."
        case .olderCopiesRemoved:
            return nil
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
        value.value = newText
    }

    /// Saves a pending edit now (the window is resigning active or going away), under an
    /// extra-time lease while the write is in flight. Does nothing when there is nothing to save or
    /// before hydration.
    public func flush() {
        guard isHydrated else { return }
        value.flush(extendingWith: runtime)
    }

    private func saveStateChanged(_ state: DurableState.SaveState) {
        switch state {
        case .idle, .saved:
            saveState = value.hasUnsavedChanges ? .pending : .saved
            if case .saved = state { onSaved(Note(bookID: bookID, text: value.value, updatedAt: clock.date)) }
        case .pending:
            saveState = .pending
        case .saving:
            saveState = .saving
        case .failed(let error):
            saveState = .failed(error.description)
        }
    }
}
