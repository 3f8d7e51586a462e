import DurableState
import Foundation
import Lifecycle
import LifelineHistory
import Observation

/// The borrowing basket, with the shopping-cart lesson's rules. The saving rules come from
/// DurableState: a `PersistentValue` of book identifiers over a `RemoteRecordSync` with the
/// library service's basket records —
///
/// - only identifiers are saved; titles come from the catalogue, so the basket hydrates **after**
///   the catalogue has loaded (the last step of the ordered startup);
/// - no record is created on the service until the basket is non-empty;
/// - every save is an idempotent replacement of the whole basket;
/// - a stored basket identifier that no longer resolves is forgotten, not retried forever;
/// - a failed save is logged, not surfaced: the basket keeps working for this session;
/// - nothing is written before hydration, so an empty basket never overwrites a saved one;
/// - saves are debounced (300 ms) and flushed when a window resigns active, under an extra-time
///   lease while a save is in flight.
///
/// Books added or removed before hydration are applied on top of the saved basket once it has
/// loaded. Created once by the composition root (application lifetime) and shared by every
/// window; lives on the main actor; its saves run in the application scope.
@Observable
@MainActor
public final class BorrowingBasket {
    /// A change made before the saved basket was read, replayed after hydration.
    private enum Change {
        case add(Book)
        case remove(BookID)
    }

    /// The books in the basket, in the order they were added.
    public private(set) var items: [BasketItem] = []
    /// Whether the saved basket has been read and resolved.
    public private(set) var hydration: LoadState<Void> = .idle

    @ObservationIgnored private let value: PersistentValue<[BookID]>
    @ObservationIgnored private let storage: RemoteRecordSync<BasketRecordService>
    @ObservationIgnored private let catalogue: LibraryCatalogue
    @ObservationIgnored private let scope: TaskScope
    @ObservationIgnored private weak var runtime: LifecycleRuntime?
    @ObservationIgnored private let logger: LifelineLogger
    /// Changes made before hydration, in order; emptied when they are applied.
    @ObservationIgnored private var earlyChanges: [Change] = []
    /// The simulation's history (`nil` on a device), told the merged basket once the changes
    /// made before hydration are applied: what those changes meant is known only then.
    @ObservationIgnored private let history: (any StorageHistory)?

    /// The name the basket's book identifiers are shown under to a simulation's history.
    public static let historyName: HistoryKey = "basket"

    /// Creates the basket; call ``hydrate()`` once the catalogue has loaded.
    public init(
        repository: any BasketRepository, catalogue: LibraryCatalogue, preferences: Preferences,
        runtime: LifecycleRuntime, debounce: Duration = .milliseconds(300), logger: LifelineLogger,
        makeRequestID: @escaping @MainActor () -> String = { UUID().uuidString }, history: (any StorageHistory)? = nil
    ) {
        self.history = history
        self.catalogue = catalogue
        self.scope = runtime.applicationScope
        self.runtime = runtime
        self.logger = logger.category("basket")
        storage = RemoteRecordSync(
            service: BasketRecordService(repository: repository), preferences: preferences, name: "basket",
            isEmpty: { $0.isEmpty }, makeRequestID: makeRequestID, logger: logger
        )
        value = PersistentValue(
            initialValue: [], storage: storage, clock: runtime.clock, scope: runtime.applicationScope, name: "basket",
            debounce: debounce, logger: logger,
            // Not reported: the basket is saved by a request to the service, which the simulation
            // checks by the inactive rule (the basket it shows, recorded as the student edits it).
            history: .off
        )
    }

    /// Whether the saved basket has been read and resolved.
    public var isHydrated: Bool { hydration.value != nil }

    /// The basket as a simulation's history sees it: its book identifiers in order (`HistoryText`).
    public var historyText: String? { HistoryText.of(items.map(\.id)) }

    /// Whether `id` is in the basket.
    public func contains(_ id: BookID) -> Bool { items.contains { $0.id == id } }

    /// The identifier of the basket record on the service, once one exists.
    public var recordID: String? { storage.recordID }

    /// Whether a change has not been saved yet.
    public var hasUnsavedChanges: Bool { value.hasUnsavedChanges || !earlyChanges.isEmpty }

    /// Reads the saved basket and resolves its identifiers in the catalogue. An unreachable
    /// service leaves the basket unhydrated (changes stay in memory); call again later.
    public func hydrate() async {
        guard !isHydrated, !hydration.isLoading else { return }
        guard catalogue.isLoaded else {
            logger.warning("BorrowingBasket.hydrate was called before the catalogue loaded; it will run once it has.")
            catalogue.whenLoaded { [weak self] in
                guard let self else { return }
                self.scope.task("basket hydration") { await self.hydrate() }
            }
            return
        }
        hydration = .loading
        if case .failed(let error) = await value.hydrate() {
            hydration = .failed(error)
            return
        }
        let saved = value.value
        let books: [BookID: Book]
        do {
            books = try await catalogue.books(saved)
        } catch {
            logger.error("Basket books could not be resolved: \(error.description, privacy: .public)")
            hydration = .failed(error)
            return
        }
        let kept = saved.filter { books[$0] != nil }
        if kept.count != saved.count {
            logger.info("\(saved.count - kept.count, privacy: .public) basket books are no longer in the catalogue.")
            value.value = kept
        }
        items = kept.compactMap { books[$0] }.map(BasketItem.init)
        hydration = .loaded(())
        let changes = earlyChanges
        earlyChanges.removeAll()
        for change in changes {
            switch change {
            case .add(let book): add(book)
            case .remove(let id): remove(id)
            }
        }
        if !changes.isEmpty { history?.edit(Self.historyName, text: historyText, persistence: .durable) }
    }

    /// Adds `book` (once).
    public func add(_ book: Book) {
        guard !contains(book.id) else { return }
        items.append(BasketItem(book: book))
        guard isHydrated else {
            earlyChanges.append(.add(book))
            return
        }
        value.value.append(book.id)
    }

    /// Removes the book `id`.
    public func remove(_ id: BookID) {
        guard contains(id) else { return }
        items.removeAll { $0.id == id }
        guard isHydrated else {
            earlyChanges.append(.remove(id))
            return
        }
        value.value.removeAll { $0 == id }
    }

    /// Cancels the debounce and saves now, holding an extra-time lease while the save is in
    /// flight. Not awaited: it races the short window the system gives after a window resigns
    /// active. Does nothing before hydration.
    public func flushPendingWrites() {
        guard isHydrated else { return }
        value.flush(extendingWith: runtime)
    }
}
