import Lifecycle
import Observation

/// The borrowing basket, with the shopping-cart lesson's rules:
///
/// - Only identifiers are saved; titles come from the catalogue, so the basket hydrates **after**
///   the catalogue has loaded (the last step of the ordered startup).
/// - No record is created on the service until the basket is non-empty.
/// - Every save is an idempotent replacement of the whole basket.
/// - A stored basket identifier that no longer resolves is forgotten, not retried forever.
/// - A failed save is logged, not surfaced: the basket keeps working for this session.
/// - Nothing is written before hydration, so an empty basket never overwrites a saved one.
/// - Saves are debounced (300 ms) and flushed when a window resigns active.
///
/// Created once by the composition root (application lifetime) and shared by every window; lives
/// on the main actor. Its saves run in the application scope it is given.
@Observable
@MainActor
public final class BorrowingBasket {
    /// The books in the basket, in the order they were added.
    public private(set) var items: [BasketItem] = []
    /// Whether the saved basket has been read.
    public private(set) var hydration: LoadState<Void> = .idle

    @ObservationIgnored private let repository: any BasketRepository
    @ObservationIgnored private let catalogue: LibraryCatalogue
    @ObservationIgnored private let preferences: PreferencesStore
    @ObservationIgnored private let clock: any LifelineClock
    @ObservationIgnored private let scope: TaskScope
    @ObservationIgnored private let debounce: Duration
    @ObservationIgnored private let logger: LifelineLogger
    /// The debounce timer; pending only while `isDirty`.
    @ObservationIgnored private var pendingSave: ScheduledAction?
    /// True from a change until a save of it has returned (or failed).
    @ObservationIgnored private var isDirty = false
    /// True while a save is in flight; a change meanwhile sets `needsAnotherSave`.
    @ObservationIgnored private var isSaving = false
    @ObservationIgnored private var needsAnotherSave = false

    /// Creates the basket; call ``hydrate()`` once the catalogue has loaded.
    public init(
        repository: any BasketRepository, catalogue: LibraryCatalogue, preferences: PreferencesStore,
        clock: any LifelineClock, scope: TaskScope, debounce: Duration = .milliseconds(300), logger: LifelineLogger
    ) {
        self.repository = repository
        self.catalogue = catalogue
        self.preferences = preferences
        self.clock = clock
        self.scope = scope
        self.debounce = debounce
        self.logger = logger.category("basket")
    }

    /// Whether the saved basket has been read.
    public var isHydrated: Bool { hydration.value != nil }

    /// Whether `id` is in the basket.
    public func contains(_ id: BookID) -> Bool { items.contains { $0.id == id } }

    /// Reads the saved basket and resolves its identifiers in the catalogue. A stale basket
    /// identifier is forgotten; an unreachable service leaves the basket unhydrated (changes stay
    /// in memory) and ``hydrate()`` may be called again later. Books added before hydration are
    /// kept after the saved ones.
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
        var saved: [BookID] = []
        if let id = preferences.value.basketID {
            do {
                saved = try await repository.basket(id)
            } catch .notFound {
                logger.info("Saved basket could not be loaded; forgetting the stored identifier.")
                preferences.update { $0.basketID = nil }
            } catch {
                logger.error("The basket could not be loaded: \(error.description, privacy: .public)")
                hydration = .failed(error)
                return
            }
        }
        let addedMeanwhile = items.map(\.id).filter { !saved.contains($0) }
        let ids = saved + addedMeanwhile
        let books: [BookID: Book]
        do {
            books = try await catalogue.books(ids)
        } catch {
            logger.error("Basket books could not be resolved: \(error.description, privacy: .public)")
            hydration = .failed(error)
            return
        }
        let dropped = ids.filter { books[$0] == nil }
        if !dropped.isEmpty { logger.info("\(dropped.count, privacy: .public) basket books are no longer in the catalogue.") }
        items = ids.compactMap { books[$0] }.map(BasketItem.init)
        hydration = .loaded(())
        if !addedMeanwhile.isEmpty || !dropped.isEmpty { changed() }
    }

    /// Adds `book` (once).
    public func add(_ book: Book) {
        guard !contains(book.id) else { return }
        items.append(BasketItem(book: book))
        changed()
    }

    /// Removes the book `id`.
    public func remove(_ id: BookID) {
        guard contains(id) else { return }
        items.removeAll { $0.id == id }
        changed()
    }

    /// Cancels the debounce and saves now. Not awaited by the caller: it races the short window
    /// the system gives after a window resigns active. Does nothing before hydration.
    public func flushPendingWrites() {
        guard isHydrated, isDirty else { return }
        startSave()
    }

    /// Whether a change has not been saved yet.
    public var hasUnsavedChanges: Bool { isDirty }

    private func changed() {
        isDirty = true
        guard isHydrated else { return }
        pendingSave?.cancel()
        pendingSave = clock.schedule(after: debounce) { [weak self] in self?.startSave() }
    }

    private func startSave() {
        pendingSave?.cancel()
        pendingSave = nil
        guard isHydrated, isDirty else { return }
        guard !isSaving else {
            needsAnotherSave = true
            return
        }
        isSaving = true
        scope.task("basket save") { [weak self] in
            guard let self else { return }
            await self.persist()
            self.isSaving = false
            if self.needsAnotherSave {
                self.needsAnotherSave = false
                self.startSave()
            }
        }
    }

    /// The one definition of "save": create the record only for a non-empty basket, then replace it
    /// whole. Failures are logged and not surfaced.
    private func persist() async {
        isDirty = false
        let ids = items.map(\.id)
        do {
            let id: BasketID
            if let stored = preferences.value.basketID {
                id = stored
            } else {
                guard !ids.isEmpty else { return }
                id = try await repository.createBasket()
                preferences.update { $0.basketID = id }
            }
            try await repository.replaceBasket(id, with: ids)
        } catch .notFound {
            logger.info("The basket record no longer exists; forgetting it and creating a new one on the next change.")
            preferences.update { $0.basketID = nil }
            isDirty = true
            needsAnotherSave = true
        } catch {
            logger.error("Could not persist the basket: \(error.description, privacy: .public)")
            isDirty = true
        }
    }
}
