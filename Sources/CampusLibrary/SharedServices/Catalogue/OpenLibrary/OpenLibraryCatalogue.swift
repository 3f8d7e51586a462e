import Foundation
import Lifecycle

/// A remote catalogue speaking the Open Library search API (`GET <base>/search.json?q=…`, reading
/// `docs[].key/title/author_name/first_publish_year/subject`) over `URLSession` (through the
/// ``PluginHTTPTransport``, loaded on the first request), with the bundled catalogue behind it.
///
/// ```swift
/// let catalogue = OpenLibraryCatalogue(baseURL: url, clock: runtime.clock, fallback: bundled, logger: logger)
/// try await catalogue.search("moby dick", limit: 50)   // remote, or bundled while it cannot answer
/// catalogue.source                                    // .remote, or .offline(retryAt:)
/// ```
///
/// Offline use keeps working. Every failure of the remote catalogue — no connection, a reset, no
/// answer within ``timeout`` (enforced with the lifecycle clock), an error status, an HTML page,
/// malformed or truncated JSON, a body over ``maximumResponseSize`` — makes searches fall back to
/// the bundled catalogue and ``source`` say so. The remote catalogue is then asked again only
/// after a `RetryBackoff` (at once after ``retryRemoteNow()``), so an outage does not cost
/// every keystroke a timeout. A lookup of an identifier only the remote catalogue knows throws
/// ``CatalogueError/unavailable(_:)`` meanwhile: an outage never reads as "no such book".
///
/// Records seen in responses are cached in memory (purged on memory warnings). Chosen with
/// `--remote-catalogue URL`; created by the composition root (application lifetime); lives on
/// the main actor.
@MainActor
public final class OpenLibraryCatalogue: CatalogueService {
    /// The backoff between attempts while the service cannot answer: 2 s, doubling, at most a
    /// minute.
    public static let defaultBackoff = RetryBackoff(initial: .seconds(2), multiplier: 2, maximum: .seconds(60))

    /// Typing waits this long before a request goes out.
    public let searchDebounce: Duration = .milliseconds(250)
    /// How long a request may take; then it is cancelled and counts as a failure.
    public let timeout: Duration
    /// The longest body read; a longer one counts as a failure.
    public let maximumResponseSize: Int
    /// Where answers come from now.
    public private(set) var source: CatalogueSource = .remote
    /// Bugs planted on purpose for the simulator to find (empty everywhere else).
    package var plantedBugs: Set<CampusBug> = []

    private let client: OpenLibraryClient
    private let clock: any LifelineClock
    private let backoff: RetryBackoff
    private let fallback: any CatalogueService
    private let logger: LifelineLogger
    /// Consecutive failures of the service, which set the backoff; zero once it answers.
    private var failures = 0
    private var remoteBooks: [BookID: Book] = [:]

    /// Creates a catalogue for the service at `baseURL`, falling back to `fallback` while it cannot
    /// answer.
    public init(
        baseURL: URL, transport: any HTTPTransport = PluginHTTPTransport(), clock: any LifelineClock,
        timeout: Duration = .seconds(10), maximumResponseSize: Int = 1 << 20, backoff: RetryBackoff = defaultBackoff,
        fallback: any CatalogueService, logger: LifelineLogger
    ) {
        let logger = logger.category("remote-catalogue")
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
        self.client = OpenLibraryClient(
            baseURL: baseURL, transport: transport, clock: clock, timeout: timeout,
            maximumResponseSize: maximumResponseSize, logger: logger
        )
        self.clock = clock
        self.backoff = backoff
        self.fallback = fallback
        self.logger = logger
    }

    /// Prepares the local fallback; the service itself is only contacted by requests.
    public func prepare() async throws(CatalogueError) {
        try await fallback.prepare()
    }

    /// Books matching every word of `query` as word prefixes, best first, at most `limit`: from the
    /// service, or from the bundled catalogue while the service cannot answer.
    public func search(_ query: String, limit: Int) async throws(CatalogueError) -> [Book] {
        let words = FullTextQuery.words(in: query)
        guard !words.isEmpty else { return [] }
        if isRemoteAllowed {
            do {
                let books = try await remote(words.joined(separator: " "), limit: limit)
                for book in books { remoteBooks[book.id] = book }
                return books
            } catch {
                // Recorded by `remote`; the bundled catalogue answers instead.
            }
        }
        return try await fallback.search(query, limit: limit)
    }

    /// The records of `ids` that exist; missing identifiers are absent from the result.
    /// - Throws: ``CatalogueError/unavailable(_:)`` when an identifier only the service could
    ///   resolve (an Open Library work key) could not be checked; nothing is known about any then.
    public func books(_ ids: [BookID]) async throws(CatalogueError) -> [BookID: Book] {
        var found = try await fallback.books(ids)
        for id in ids where found[id] == nil && id.rawValue.hasPrefix("OL") {
            if let book = remoteBooks[id] {
                found[id] = book
                continue
            }
            guard isRemoteAllowed else { throw .unavailable(.waitingToRetry) }
            do {
                if let book = try await remote("key:/works/\(id.rawValue)", limit: 1).first(where: { $0.id == id }) {
                    remoteBooks[id] = book
                    found[id] = book
                }
            } catch where plantedBugs.contains(.timeoutMeansNotFound) {
                continue  // the planted bug: no answer read as no such book
            } catch {
                throw .unavailable(error)
            }
        }
        return found
    }

    /// The service has no arrivals feed; the shelf shows the bundled catalogue's newest books.
    public func newArrivals(limit: Int) async throws(CatalogueError) -> [Book] {
        try await fallback.newArrivals(limit: limit)
    }

    /// Drops what can be rebuilt (statement caches, response caches).
    public func purgeCaches() {
        remoteBooks.removeAll()
        fallback.purgeCaches()
    }

    /// Lets the next request ask the service at once (the app returned to the foreground).
    public func retryRemoteNow() {
        if case .offline = source { source = .offline(retryAt: clock.now) }
    }

    /// Whether a request may go to the service now: it answers, or its backoff has ended.
    private var isRemoteAllowed: Bool {
        guard case .offline(let retryAt) = source else { return true }
        return clock.now >= retryAt
    }

    /// Asks the service and records the outcome in ``source``. Requests that fail together (in
    /// flight at the same time) count as one failure of the backoff.
    private func remote(_ query: String, limit: Int) async throws(RemoteCatalogueFailure) -> [Book] {
        let failuresBefore = failures
        do {
            let books = try await client.search(query, limit: limit)
            if case .offline = source { logger.info("The remote catalogue answers again.") }
            failures = 0
            source = .remote
            return books
        } catch .cancelled {
            throw .cancelled
        } catch {
            guard failures == failuresBefore else { throw error }
            failures += 1
            let delay = backoff.delay(afterFailures: failures)
            if case .remote = source {
                logger.warning("The remote catalogue cannot answer (\(error.description, privacy: .public)); using the library's own catalogue, asking again in \(delay, privacy: .public).")
            } else {
                logger.info("The remote catalogue still cannot answer (\(error.description, privacy: .public)); asking again in \(delay, privacy: .public).")
            }
            source = .offline(retryAt: clock.now.advanced(by: delay))
            throw error
        }
    }
}
