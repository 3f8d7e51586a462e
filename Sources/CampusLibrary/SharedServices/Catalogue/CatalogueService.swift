/// Where book records come from: the bundled catalogue in SQLite (the embedded default), a remote
/// catalogue speaking the Open Library search API, or a fake in tests.
///
/// Chosen by the composition root and owned by ``LibraryCatalogue`` (application lifetime); lives
/// on the main actor. Implementations must not touch the interface; they only return values.
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
}
