import Lifecycle
import Observation

/// The catalogue as the features see it: the chosen ``CatalogueService`` behind an explicit load
/// state, a cache of records by identifier (purged on memory warnings), the "loaded" signal that
/// the ordered startup and window restoration wait for, and where answers come from now
/// (``source``, for the status line).
///
/// A feature whose lookup found the catalogue unavailable asks to be called again with
/// ``retryWhenAvailable(_:)``: when the remote catalogue's backoff ends, at once when the app
/// returns to the foreground (``retryNow()``), and at once when the remote catalogue answers
/// again.
///
/// Created once by the composition root (application lifetime) and shared by every window; lives
/// on the main actor.
@Observable
@MainActor
public final class LibraryCatalogue: MemoryPurgeable {
    /// Whether the catalogue is ready; windows render a placeholder until it is.
    public private(set) var loadState: LoadState<Void> = .idle
    /// Where the answers come from now, as the service last reported it.
    public private(set) var source: CatalogueSource
    /// The backend in use.
    @ObservationIgnored public let service: any CatalogueService
    @ObservationIgnored private var cache: [BookID: Book] = [:]
    @ObservationIgnored private var loadedHandlers: [@MainActor () -> Void] = []
    /// Retries waiting for the catalogue to answer again, in the order they asked.
    @ObservationIgnored private var waiters: [@MainActor () -> Void] = []
    /// Runs ``waiters`` when the remote catalogue's backoff ends; armed only while some wait and the
    /// source is offline.
    @ObservationIgnored private var retryTimer: (deadline: LifelineInstant, action: ScheduledAction)?
    @ObservationIgnored private let clock: any LifelineClock
    @ObservationIgnored private let logger: LifelineLogger

    /// Wraps `service`, whose retries are timed by `clock`.
    public init(service: any CatalogueService, clock: any LifelineClock, logger: LifelineLogger) {
        self.service = service
        self.source = service.source
        self.clock = clock
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
        defer { noteSource() }
        let books = try await service.search(query, limit: limit)
        for book in books { cache[book.id] = book }
        return books
    }

    /// The record of `id`, or `nil` if the catalogue has no such book.
    public func book(_ id: BookID) async throws(CatalogueError) -> Book? {
        try await books([id])[id]
    }

    /// The records of `ids` that exist, from the cache where possible.
    /// - Throws: ``CatalogueError``; ``CatalogueError/unavailable(_:)`` when some could not be
    ///   checked now (keep them all, and retry with ``retryWhenAvailable(_:)``).
    public func books(_ ids: [BookID]) async throws(CatalogueError) -> [BookID: Book] {
        guard isLoaded else { throw .notLoaded }
        defer { noteSource() }
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

    /// What the status line says about the catalogue, or `nil` when all is well.
    public var statusMessage: String? { source.statusMessage }

    /// Runs `retry` once, when the catalogue may answer again: when the remote catalogue's backoff
    /// ends, when the app returns to the foreground, or when the remote catalogue answers another
    /// request. Call it after a lookup came back `LoadState.unavailable`; a retry that fails
    /// again asks again.
    public func retryWhenAvailable(_ retry: @escaping @MainActor () -> Void) {
        waiters.append(retry)
        armRetryTimer()
    }

    /// Retries at once what waits for the catalogue, asking the remote catalogue without waiting
    /// for its backoff: the app returned to the foreground.
    public func retryNow() {
        service.retryRemoteNow()
        noteSource()
        runWaiters()
    }

    /// Mirrors the service's source after a request; the remote catalogue answering again runs the
    /// waiting retries.
    private func noteSource() {
        let previous = source
        let current = service.source
        guard current != previous else { return }
        source = current
        if case .offline = previous, current == .remote {
            runWaiters()
        } else {
            armRetryTimer()
        }
    }

    /// Arms the retry for when the remote catalogue's backoff ends. A backoff already over did not
    /// cause the failure (the bundled catalogue is closed in the background): a timer then would
    /// fire at once and fail again without end, so the waiters wait for the foreground
    /// (``retryNow()``) or for the remote catalogue to answer.
    private func armRetryTimer() {
        guard !waiters.isEmpty, case .offline(let retryAt) = source, retryAt > clock.now else { return }
        if let timer = retryTimer {
            if timer.deadline == retryAt { return }
            timer.action.cancel()
        }
        retryTimer = (retryAt, clock.schedule(at: retryAt) { [weak self] in self?.runWaiters() })
    }

    private func runWaiters() {
        retryTimer?.action.cancel()
        retryTimer = nil
        let retries = waiters
        waiters.removeAll()
        for retry in retries { retry() }
    }
}
