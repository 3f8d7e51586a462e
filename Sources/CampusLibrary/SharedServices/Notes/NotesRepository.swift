import DurableState
import Lifecycle
import LifelineHistory

/// The shared persistence controller for notes: one ``NoteDraft`` per book, shared by all windows
/// (two windows on the same book edit the same text), each kept in its own durable file
/// (`notes/<book id>.json`) so that launching reads only the notes on screen, however many
/// exist; and a flush of every pending edit for lifecycle transitions. Each note is at most
/// ``sizeLimit`` bytes stored: an edit past it is refused before the screen shows it.
///
/// With a ``NoteRecovery`` (`keepsUnsavedText`), a refused paste and the text of a failed save
/// are kept beside the notes as plain text; the latter is put back into its note at the next
/// launch.
///
/// Created once by the composition root (application lifetime); lives on the main actor.
@MainActor
public final class NotesRepository {
    private let directory: String
    private let storage: StorageEnvironment
    private var fileSystem: any FileSystem { storage.fileSystem }
    private let runtime: LifecycleRuntime
    private let debounce: Duration
    private let logger: LifelineLogger
    private let onSaved: @MainActor (Note) -> Void
    private var drafts: [BookID: NoteDraft] = [:]
    /// Where refused and unsaved text is kept, if anywhere.
    private let recovery: NoteRecovery?

    /// The largest stored note, in bytes (envelope included): a quarter of a megabyte, about
    /// 40,000 words.
    public static let sizeLimit = 256 * 1024
    /// Bugs planted on purpose for the simulator (``CampusBug/noteWrittenInPlace``); empty otherwise.
    package var plantedBugs: Set<CampusBug> = []

    /// Creates the repository for notes in `directory` (absolute) in `storage`.
    public init(
        directory: String, storage: StorageEnvironment, runtime: LifecycleRuntime,
        debounce: Duration = .milliseconds(300), logger: LifelineLogger, keepsUnsavedText: Bool = false,
        onSaved: @escaping @MainActor (Note) -> Void = { _ in }
    ) {
        self.recovery = keepsUnsavedText ? NoteRecovery(directory: directory, fileSystem: storage.fileSystem) : nil
        self.directory = directory
        self.storage = storage
        self.runtime = runtime
        self.debounce = debounce
        self.logger = logger
        self.onSaved = onSaved
    }

    /// The path of the note file of `bookID` (identifiers are valid file names).
    public func path(for bookID: BookID) -> String {
        FilePaths.join(directory, bookID.rawValue + ".json")
    }

    /// The draft of the note on `bookID`; its hydration starts in the application scope.
    public func draft(for bookID: BookID) -> NoteDraft {
        let draft = drafts[bookID] ?? makeDraft(for: bookID)
        if !draft.isHydrated, !draft.hydration.isLoading {
            runtime.applicationScope.task("hydrate note") { await draft.hydrate() }
        }
        return draft
    }

    /// Saves every pending edit now (a window resigned active, the app is going away).
    public func flushAll() {
        for draft in drafts.values.sorted(by: { $0.bookID < $1.bookID }) { draft.flush() }
    }

    /// Whether any draft has an edit that has not reached storage.
    public var hasUnsavedChanges: Bool { drafts.values.contains { $0.hasUnsavedChanges } }

    /// Books with a stored note, sorted.
    /// - Throws: `FileSystemError` if the directory cannot be listed.
    public func bookIDsWithNotes() throws(FileSystemError) -> [BookID] {
        guard fileSystem.itemExists(at: directory) else { return [] }
        return try fileSystem.contentsOfDirectory(at: directory)
            .filter { $0.hasSuffix(".json") }
            .compactMap { BookID(String($0.dropLast(5))) }
            .sorted()
    }

    private func makeDraft(for bookID: BookID) -> NoteDraft {
        let draft = plantedBugs.contains(.noteWrittenInPlace)
            ? makeDraft(bookID, over: InPlaceNoteStorage(storage: storage, path: path(for: bookID)))
            // After the first unlock: the background refresh may read and write notes while the phone is locked.
            : makeDraft(bookID, over: DurableValueStorage<String>(
                storage: storage, path: path(for: bookID), sizeLimit: Self.sizeLimit,
                protection: .completeUntilFirstUserAuthentication, clock: runtime.clock, logger: logger
            ))
        drafts[bookID] = draft
        return draft
    }

    /// The draft of `bookID` over `storage`, reporting under the note's name.
    private func makeDraft(_ bookID: BookID, over storage: some ValueStorage<String>) -> NoteDraft {
        NoteDraft(
            bookID: bookID, storage: storage, runtime: runtime, debounce: debounce, logger: logger,
            history: .key(NoteDraft.historyName(of: bookID)), recovery: recovery, sizeLimit: Self.sizeLimit, onSaved: onSaved
        )
    }
}
