/// Where book records come from: the bundled catalogue in SQLite (the embedded default), a remote
/// catalogue speaking the Open Library search API, or a fake in tests.
///
/// Chosen by the composition root and owned by ``LibraryCatalogue`` (application lifetime); lives
/// on the main actor. Implementations must not touch the interface; they only return values.
///
/// A remote part that cannot answer never turns into "not found": ``books(_:)`` throws
/// ``CatalogueError/unavailable(_:)`` for identifiers only the remote part could resolve, and
/// ``source`` says that the bundled catalogue stands in.
@MainActor
public protocol CatalogueService: AnyObject {
    /// How long a search field should wait after the last keystroke before searching (zero for a
    /// local catalogue, a few hundred milliseconds for a remote one).
    var searchDebounce: Duration { get }

    /// Makes the catalogue ready (opens or builds the database, checks the server). Idempotent.
    /// - Throws: ``CatalogueError``; the catalogue stays unusable and may be prepared again.
    func prepare() async throws(CatalogueError)

    /// Books matching every word of `query` (as word prefixes) in their title, authors or
    /// subjects, best first, at most `limit`. An empty query matches nothing.
    func search(_ query: String, limit: Int) async throws(CatalogueError) -> [Book]

    /// The records of `ids` that exist; missing identifiers are simply absent from the result.
    func books(_ ids: [BookID]) async throws(CatalogueError) -> [BookID: Book]

    /// The most recently added books, newest first.
    func newArrivals(limit: Int) async throws(CatalogueError) -> [Book]

    /// Drops whatever can be rebuilt (statement memory, response caches).
    func purgeCaches()

    /// Where answers come from now (``CatalogueSource/bundled`` unless there is a remote part).
    var source: CatalogueSource { get }

    /// Lets the next request ask an offline remote part at once instead of at the end of its
    /// backoff (the app returned to the foreground). Does nothing without a remote part.
    func retryRemoteNow()
}

extension CatalogueService {
    /// A catalogue without a remote part answers from the bundled catalogue.
    public var source: CatalogueSource { .bundled }

    /// Nothing to retry without a remote part.
    public func retryRemoteNow() {}
}
