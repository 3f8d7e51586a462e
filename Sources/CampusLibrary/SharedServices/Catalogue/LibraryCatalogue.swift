import Lifecycle
import Observation

/// The catalogue as the features see it: the chosen ``CatalogueService`` behind an explicit load
/// state, a cache of records by identifier (purged on memory warnings) and the "loaded" signal that
/// the ordered startup and window restoration wait for.
///
/// Created once by the composition root (application lifetime) and shared by every window; lives
/// on the main actor.
@Observable
@MainActor
public final class LibraryCatalogue: MemoryPurgeable {
    /// Whether the catalogue is ready; windows render a placeholder until it is.
    public private(set) var loadState: LoadState<Void> = .idle
    /// The backend in use.
    @ObservationIgnored public let service: any CatalogueService
    @ObservationIgnored private var cache: [BookID: Book] = [:]
    @ObservationIgnored private var loadedHandlers: [@MainActor () -> Void] = []
    @ObservationIgnored private let logger: LifelineLogger

    /// Wraps `service`.
    public init(service: any CatalogueService, logger: LifelineLogger) {
        self.service = service
        self.logger = logger.category("catalogue")
    }

    /// Whether the catalogue has loaded.
    public var isLoaded: Bool { loadState.value != nil }

    /// Prepares the backend (step two of the ordered startup). A failure is logged and shown; a
    /// later call tries again.
    public func load() async {
        guard !isLoaded, !loadState.isLoading else { return }
        loadState = .loading
        do {
            try await service.prepare()
            loadState = .loaded(())
            let handlers = loadedHandlers
            loadedHandlers.removeAll()
            for handler in handlers { handler() }
        } catch {
            logger.error("The catalogue could not be loaded: \(error.description, privacy: .public)")
            loadState = .failed(error)
        }
    }

    /// Runs `handler` once the catalogue has loaded: at once if it already has.
    public func whenLoaded(_ handler: @escaping @MainActor () -> Void) {
        if isLoaded { handler() } else { loadedHandlers.append(handler) }
    }

    /// Searches the catalogue; see ``CatalogueService/search(_:limit:)``.
    public func search(_ query: String, limit: Int = 50) async throws(CatalogueError) -> [Book] {
        guard isLoaded else { throw .notLoaded }
        let books = try await service.search(query, limit: limit)
        for book in books { cache[book.id] = book }
        return books
    }

    /// The record of `id`, or `nil` if the catalogue has no such book.
    public func book(_ id: BookID) async throws(CatalogueError) -> Book? {
        try await books([id])[id]
    }

    /// The records of `ids` that exist, from the cache where possible.
    public func books(_ ids: [BookID]) async throws(CatalogueError) -> [BookID: Book] {
        guard isLoaded else { throw .notLoaded }
        var found: [BookID: Book] = [:]
        var missing: [BookID] = []
        for id in ids {
            if let book = cache[id] { found[id] = book } else { missing.append(id) }
        }
        if !missing.isEmpty {
            for (id, book) in try await service.books(missing) {
                cache[id] = book
                found[id] = book
            }
        }
        return found
    }

    /// The record of `id` if it is in the cache; never touches the backend.
    public func cachedBook(_ id: BookID) -> Book? { cache[id] }

    /// Drops the record cache and the backend's rebuildable memory.
    public func purge() {
        cache.removeAll()
        service.purgeCaches()
        logger.info("Catalogue caches purged after a memory warning.")
    }

    /// Number of records in the cache, for tests and diagnostics.
    public var cachedCount: Int { cache.count }
}
