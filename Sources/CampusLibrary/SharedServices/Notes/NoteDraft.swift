import DurableState
import Foundation
import Lifecycle
import LifelineHistory
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
/// An edit the note could never store — over its size limit — is refused before the screen
/// shows it: the text stays as it was, ``refusal`` says why, and the refused text is kept in a
/// file of its own (``NoteRecovery``). With a recovery, the text of a failed save is kept there
/// too and restored into the note at the next launch, so quitting while "✗ not saved" is shown
/// loses nothing.
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
    /// Why the last edit was refused (the note would be over its size limit) and where the
    /// refused text is kept; also, after a launch, a refused paste still kept. `nil` once an
    /// edit is taken.
    public private(set) var refusal: String?

    @ObservationIgnored private let value: PersistentValue<String>
    @ObservationIgnored private let clock: any LifelineClock
    @ObservationIgnored private weak var runtime: LifecycleRuntime?
    @ObservationIgnored private let logger: LifelineLogger
    @ObservationIgnored private let onSaved: @MainActor (Note) -> Void
    @ObservationIgnored private var observation: SaveStateObservation?
    @ObservationIgnored private let recovery: NoteRecovery?
    /// Whether an unsaved copy of the note is kept by ``recovery`` (it is removed once saved).
    @ObservationIgnored private var keepsUnsavedCopy = false
    /// The note's size limit, for reading an unsaved copy back.
    @ObservationIgnored private let sizeLimit: Int

    /// Creates the draft over `storage`; call ``hydrate()`` before editing. `history` says how
    /// its value reports to a simulation's history (an edit per change, acknowledged once saved).
    public init(
        bookID: BookID, storage: some ValueStorage<String>, runtime: LifecycleRuntime,
        debounce: Duration = .milliseconds(300), logger: LifelineLogger, history: HistoryRecording = .automatic,
        recovery: NoteRecovery? = nil, sizeLimit: Int = NotesRepository.sizeLimit,
        onSaved: @escaping @MainActor (Note) -> Void = { _ in }
    ) {
        self.bookID = bookID
        self.recovery = recovery
        self.sizeLimit = sizeLimit
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
        restoreKeptText()
    }

    /// Puts back the text of a save that failed before the app last quit, and says where a
    /// refused paste is still kept.
    private func restoreKeptText() {
        guard let recovery else { return }
        if let kept = recovery.refusedCopies(of: bookID).last {
            refusal = "A paste that did not fit this note is kept at \(kept)."
        }
        guard let unsaved = recovery.unsaved(of: bookID, sizeLimit: sizeLimit) else { return }
        guard unsaved != text else {
            recovery.removeUnsaved(of: bookID)
            return
        }
        keepsUnsavedCopy = true
        text = unsaved
        value.value = unsaved
        recoveryMessage = "Text you typed that was not saved when Campus Library last quit was put back (kept at \(recovery.unsavedPath(of: bookID)) until it is saved)."
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
    /// an identical text is not an edit. Ignored (and logged) before hydration. A text the note
    /// could not store is refused (see ``refusal``) and kept in a file of its own.
    /// - Returns: whether the text is the note's now.
    @discardableResult
    public func edit(_ newText: String) -> Bool {
        edit(newText, refusing: newText)
    }

    /// Appends `addition` (typed or pasted), as ``edit(_:)`` does; refused, only `addition` is kept.
    /// - Returns: whether it was appended.
    @discardableResult
    public func append(_ addition: String) -> Bool {
        edit(text + addition, refusing: addition)
    }

    private func edit(_ newText: String, refusing refused: String) -> Bool {
        guard isHydrated else {
            logger.warning("NoteDraft.edit was called before the stored note was read; the edit was dropped.")
            return false
        }
        guard newText != text else { return true }
        do {
            try value.update(newText)
        } catch {
            refuse(refused, because: error)
            return false
        }
        refusal = nil
        text = newText
        return true
    }

    /// `number` with its thousands separated by commas, whatever the locale (`1,011,033`).
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        let groups = stride(from: digits.count, to: 0, by: -3).reversed().map { end in String(digits[max(end - 3, 0)..<end]) }
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// Says why `refused` was not taken and keeps it.
    private func refuse(_ refused: String, because error: ValueStorageError) {
        let why: String =
            if case .store(.tooLarge(let bytes, let limit)) = error {
                "the note would be \(Self.grouped(bytes)) bytes, over its limit of \(Self.grouped(limit))"
            } else {
                error.description
            }
        logger.warning("An edit of a note was refused: \(why, privacy: .public)")
        guard let recovery else {
            refusal = "This text was not added: \(why)."
            return
        }
        do {
            let kept = try recovery.keepRefused(refused, of: bookID, at: clock.date)
            refusal = "This text was not added: \(why). It is kept at \(kept)."
        } catch {
            refusal = "This text was not added: \(why). It could not be kept either (\(error.cause))."
        }
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
            if case .saved = state {
                if keepsUnsavedCopy, !value.hasUnsavedChanges {
                    recovery?.removeUnsaved(of: bookID)
                    keepsUnsavedCopy = false
                }
                onSaved(Note(bookID: bookID, text: value.value, updatedAt: clock.date))
            }
        case .pending:
            saveState = .pending
        case .saving:
            saveState = .saving
        case .failed(let error):
            saveState = .failed(error.description)
            keepUnsavedCopy()
        }
    }

    /// Keeps the text whose save failed, so that quitting now loses nothing.
    private func keepUnsavedCopy() {
        guard let recovery else { return }
        do {
            try recovery.keepUnsaved(value.value, of: bookID)
            keepsUnsavedCopy = true
        } catch {
            logger.error("The unsaved note could not be kept either: \(error.description, privacy: .public)")
        }
    }
}
