import Lifecycle

/// The embedded catalogue: book records in SQLite with an FTS5 index over title, authors and
/// subjects, built from the bundled ``CatalogueSeed`` on first launch (or whenever the seed version
/// changes) and simply opened afterwards.
///
/// The database is a rebuildable cache of bundled data, never user data, so it lives in a file of
/// the data directory (or in memory for tests and the simulator) outside the durable stores.
/// Created by the composition root (application lifetime); lives on the main actor, where its
/// connection is confined.
@MainActor
public final class SQLiteCatalogue: CatalogueService {
    /// Where the database lives.
    public enum Storage: Sendable, Equatable {
        /// A file at this absolute path, kept between launches.
        case file(String)
        /// A private in-memory database, rebuilt by every process.
        case memory
    }

    /// Searches run at once: the index answers within a millisecond or so.
    public let searchDebounce: Duration = .zero

    private let storage: Storage
    private let seed: @MainActor () throws(CatalogueError) -> [Book]
    private let seedVersion: String
    private let logger: LifelineLogger
    private var connection: SQLiteConnection?

    /// Creates a catalogue in `storage` filled from `seed` (the bundled records by default).
    public init(
        storage: Storage,
        seedVersion: String = CatalogueSeed.version,
        logger: LifelineLogger = .disabled,
        seed: @escaping @MainActor () throws(CatalogueError) -> [Book] = { () throws(CatalogueError) in
            try CatalogueSeed.books()
        }
    ) {
        self.storage = storage
        self.seedVersion = seedVersion
        self.logger = logger.category("catalogue")
        self.seed = seed
    }

    /// Opens the database and builds it from the seed if it is missing or from another seed version.
    public func prepare() async throws(CatalogueError) {
        try prepareNow()
    }

    /// The synchronous form of ``prepare()``.
    public func prepareNow() throws(CatalogueError) {
        guard connection == nil else { return }
        let path = switch storage {
        case .file(let path): path
        case .memory: ":memory:"
        }
        let opened = try SQLiteConnection(path: path)
        try Self.createSchema(on: opened)
        if try Self.metadata("seed", on: opened) != seedVersion {
            logger.info("Building the catalogue database from the bundled seed.")
            try Self.replaceContents(of: opened, with: seed(), seedVersion: seedVersion)
        }
        connection = opened
    }

    /// Searches synchronously; see ``CatalogueService/search(_:limit:)``.
    public func searchNow(_ query: String, limit: Int) throws(CatalogueError) -> [Book] {
        guard let connection else { throw .notLoaded }
        guard let expression = FullTextQuery.expression(for: query) else { return [] }
        let statement = try connection.statement(Self.searchSQL)
        defer { statement.reset() }
        try statement.bind(expression, at: 1)
        try statement.bind(limit, at: 2)
        var books: [Book] = []
        while try statement.step() {
            if let book = Self.book(from: statement) { books.append(book) }
        }
        return books
    }

    /// Looks books up synchronously; see ``CatalogueService/books(_:)``.
    public func booksNow(_ ids: [BookID]) throws(CatalogueError) -> [BookID: Book] {
        guard let connection else { throw .notLoaded }
        let statement = try connection.statement("SELECT \(Self.columns) FROM books WHERE id = ?1")
        var found: [BookID: Book] = [:]
        for id in ids where found[id] == nil {
            statement.reset()
            try statement.bind(id.rawValue, at: 1)
            if try statement.step(), let book = Self.book(from: statement) { found[id] = book }
        }
        statement.reset()
        return found
    }

    public func search(_ query: String, limit: Int) async throws(CatalogueError) -> [Book] {
        try searchNow(query, limit: limit)
    }

    public func books(_ ids: [BookID]) async throws(CatalogueError) -> [BookID: Book] {
        try booksNow(ids)
    }

    public func newArrivals(limit: Int) async throws(CatalogueError) -> [Book] {
        guard let connection else { throw .notLoaded }
        let statement = try connection.statement("SELECT \(Self.columns) FROM books ORDER BY added DESC LIMIT ?1")
        defer { statement.reset() }
        try statement.bind(limit, at: 1)
        var books: [Book] = []
        while try statement.step() {
            if let book = Self.book(from: statement) { books.append(book) }
        }
        return books
    }

    /// Adds (or replaces) records, as a library adds new acquisitions; they become the newest arrivals.
    public func add(_ books: [Book]) throws(CatalogueError) {
        guard let connection else { throw .notLoaded }
        try connection.transaction { () throws(CatalogueError) in try Self.insert(books, into: connection) }
    }

    public func purgeCaches() {
        connection?.releaseMemory()
    }

    /// Builds a catalogue database file at `path` holding `books`, marked as built from
    /// `seedVersion` so that the app opens it as is. For benchmarks and fixtures.
    /// - Throws: ``CatalogueError``; the file may be left partially built.
    public static func build(at path: String, books: [Book], seedVersion: String = CatalogueSeed.version) throws(CatalogueError) {
        let connection = try SQLiteConnection(path: path)
        try createSchema(on: connection)
        try replaceContents(of: connection, with: books, seedVersion: seedVersion)
    }
}
