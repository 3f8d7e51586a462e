import DurableState
import Foundation
import Lifecycle
import LifelineHistory
import Observation

/// The student's reading list: the books they mean to read, are reading and have finished, in
/// the order they were added, kept in SQLite (`ReadingListStore`) on the device — the student's
/// own work, so every change is saved at once, in one transaction, and "saved" means committed
/// (`synchronous = FULL`: it survives a power loss).
///
/// ```swift
/// readingList.load()                       // at launch
/// readingList.add(book)                    // to read; saved when it returns
/// readingList.advanceStatus(of: book.id)   // to read → reading → finished
/// ```
///
/// A change the database refuses is not applied: the list stays as stored and ``saveError``
/// says why. A damaged database is moved aside and a new list started (``notice`` says so); one
/// that cannot be opened is left alone and the list stays unavailable for this launch. The
/// connection suspends while the app is in the background.
///
/// Created once by the composition root (application lifetime) and shared by every window;
/// lives on the main actor.
@Observable
@MainActor
public final class ReadingList {
    /// What happens to a change while it is saved, as ``onSave`` and a simulation's history hear
    /// it: the list it writes, then the list saved, or the list kept after a failure.
    public enum SaveEvent: Sendable {
        /// The change is being written: the list it will hold.
        case writing([ReadingListEntry])
        /// The change is committed: the list now stored.
        case saved([ReadingListEntry])
        /// The change was not saved: the list as it stays.
        case failed(kept: [ReadingListEntry])
    }

    /// The books on the list, in the order they were added.
    public private(set) var entries: [ReadingListEntry] = []
    /// Whether the list has been read from its database.
    public private(set) var loadState: LoadState<Void> = .idle
    /// How many books the reading log says were finished.
    public private(set) var finishedCount = 0
    /// Why the last change was not saved, until the next one is.
    public private(set) var saveError: ReadingListError?
    /// What opening the list had to do that the student should know (a damaged list replaced).
    public private(set) var notice: String?
    /// Where the student is told, once, that the list was damaged and started afresh, or that a
    /// change was not saved (set by the composition root).
    @ObservationIgnored public var notices: AppNotices?
    /// Called as each change is written (see ``SaveEvent``), as it is reported to the history of
    /// the database's file system (a simulation's, under ``historyName``).
    @ObservationIgnored public var onSave: (@MainActor (SaveEvent) -> Void)?
    /// Bugs planted on purpose for the simulator; empty otherwise.
    @ObservationIgnored package var plantedBugs: Set<CampusBug> = []

    @ObservationIgnored private let path: String
    @ObservationIgnored private let storage: StorageEnvironment
    @ObservationIgnored private let clock: any LifelineClock
    @ObservationIgnored private weak var runtime: LifecycleRuntime?
    @ObservationIgnored private let logger: LifelineLogger
    @ObservationIgnored private var store: ReadingListStore?
    @ObservationIgnored private var suspension: LifecycleObservation?

    /// Creates the list kept in the database at `path` in `storage`; with a `runtime`, its
    /// connection suspends while the app is in the background. Nothing is read until ``load()``.
    public init(path: String, storage: StorageEnvironment, clock: any LifelineClock, runtime: LifecycleRuntime?, logger: LifelineLogger) {
        self.path = path
        self.storage = storage
        self.clock = clock
        self.runtime = runtime
        self.logger = logger.category("reading list")
    }

    /// Whether the list has been read.
    public var isLoaded: Bool { loadState.value != nil }

    /// Opens the database and reads the list (once; again after a failure).
    public func load() {
        guard !isLoaded else { return }
        do {
            let store = try ReadingListStore.open(path: path, storage: storage, at: clock.date, bugs: plantedBugs)
            if let recovered = store.recovered {
                let dropped = StoreNotice.removedCopies(store.removedCopies)
                notice = recovered.description + dropped
                logger.warning("\(recovered.description + dropped, privacy: .public)")
                notices?.post(recovered.description + dropped)
            }
            entries = try store.entries()
            store.database.recordRead(of: Self.historyName, as: Self.historyText(of: entries))
            finishedCount = try store.finishedCount()
            self.store = store
            if let runtime { suspension = store.suspendWhileInBackground(of: runtime, logger: logger) }
            loadState = .loaded(())
        } catch {
            logger.error("The reading list could not be opened: \(error.description, privacy: .public)")
            loadState = .failed(error)
        }
    }

    /// Closes the database for good, as the end of the process would: the simulator calls it
    /// when an incarnation dies, so that what SQLite holds in memory goes with it.
    package func close() {
        suspension?.cancel()
        suspension = nil
        store?.database.close()
        store = nil
    }

    /// The entry of the book `id`, if it is on the list.
    public func entry(for id: BookID) -> ReadingListEntry? {
        entries.first { $0.bookID == id }
    }

    /// Puts `book` at the end of the list, to read (nothing if it is on it already).
    public func add(_ book: Book) {
        guard isLoaded, entry(for: book.id) == nil else { return }
        let now = self.now
        save(.add(book), at: now, producing: entries + [ReadingListEntry(bookID: book.id, title: book.title, status: .toRead, since: now)])
    }

    /// Moves the book `id` to its next status (to read → reading → finished → to read).
    public func advanceStatus(of id: BookID) {
        guard let index = entries.firstIndex(where: { $0.bookID == id }) else { return }
        let now = self.now
        var changed = entries
        changed[index].status = changed[index].status.next
        changed[index].since = now
        save(.setStatus(id, changed[index].status), at: now, producing: changed)
    }

    /// Takes the book `id` off the list.
    public func remove(_ id: BookID) {
        guard entry(for: id) != nil else { return }
        save(.remove(id), at: now, producing: entries.filter { $0.bookID != id })
    }

    /// The clock's date to the millisecond, as the database keeps it.
    private var now: Date {
        Date(timeIntervalSince1970: (clock.date.timeIntervalSince1970 * 1_000).rounded() / 1_000)
    }

    /// Writes `change` made at `date`, then shows `list` (what the change makes of the list) once
    /// it is committed.
    private func save(_ change: ReadingListStore.Change, at date: Date, producing list: [ReadingListEntry]) {
        guard let store else { return }
        let savesEarly = plantedBugs.contains(.savedBeforeCommit)
        report(.writing(list))
        do {
            try store.apply(change, at: date) { if savesEarly { self.report(.saved(list)) } }
        } catch {
            logger.error("A reading list change was not saved: \(error.description, privacy: .public)")
            saveError = error
            notices?.post(error.description)
            report(.failed(kept: entries))
            return
        }
        entries = list
        saveError = nil
        if case .setStatus(_, .finished) = change, let count = try? store.finishedCount() { finishedCount = count }
        if !savesEarly { report(.saved(list)) }
    }

    /// The name the list is reported to a simulation's history under.
    public static let historyName: HistoryKey = "reading list"

    /// The list as a simulation's history sees it: each book's identifier and status, in order
    /// (`nil` when empty).
    public static func historyText(of entries: [ReadingListEntry]) -> String? {
        entries.isEmpty ? nil : entries.map { "\($0.bookID.rawValue):\($0.status.rawValue)" }.joined(separator: ",")
    }

    /// Tells the host and the history what happens to a change: the list it will make is an edit
    /// before the write (a death during it leaves the edit indeterminate), acknowledged when the
    /// list is saved — when the app says so, which the planted ``CampusBug/savedBeforeCommit``
    /// does before the commit, so it is reported by hand rather than by the database's commit; a
    /// change the database refused is undone, the app's own edit back to the list it kept.
    private func report(_ event: SaveEvent) {
        onSave?(event)
        guard let history = storage.history else { return }
        switch event {
        case .writing(let list), .failed(kept: let list):
            history.edit(Self.historyName, text: Self.historyText(of: list), persistence: .durable)
        case .saved(let list):
            history.didSave(Self.historyName, text: Self.historyText(of: list))
        }
    }
}
