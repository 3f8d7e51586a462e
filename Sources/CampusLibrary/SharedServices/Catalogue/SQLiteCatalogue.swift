import DurableState
import Lifecycle

/// The embedded catalogue: book records in SQLite (a DurableState `Database`) with an FTS5 index
/// over title, authors and subjects, built from the bundled ``CatalogueSeed`` on first launch (or
/// whenever the seed version changes) and simply opened afterwards.
///
/// The database is a rebuildable cache of bundled data, never user data: commits promise to
/// survive a process kill, not a power loss, and it lives in a file of the data directory outside
/// the durable stores. A file that cannot be opened (a damaged header, a link or FIFO in its
/// place), or that fails `PRAGMA quick_check` (run off the main actor once it is open), is moved
/// aside with its `-wal` and `-shm` files (DurableState's `Quarantine`) and the catalogue rebuilt
/// from the seed. It holds no lock while
/// the app is suspended (it suspends on background); between processes, SQLite's own locks and
/// a busy timeout of a second keep it consistent.
/// The database lives on the file system it is given: under the simulator, on the simulated
/// disk (every page read takes the device's disk latency). Tests use ``InMemoryCatalogue``
/// where a catalogue's storage does not matter. Created by the composition root (application
/// lifetime); lives on the main actor, where its connection is confined.
@MainActor
public final class SQLiteCatalogue: CatalogueService {
    /// Searches run at once: the index answers within milliseconds.
    public let searchDebounce: Duration = .zero

    /// The database file.
    public let path: String
    /// Where the last ``prepare()`` moved a damaged database file before rebuilding it, if it did.
    public internal(set) var quarantinedPath: String?
    let storage: StorageEnvironment
    var fileSystem: any FileSystem { storage.fileSystem }
    /// Whether ``prepare()`` starts the background `PRAGMA quick_check`.
    private let checksIntegrityInBackground: Bool
    let clock: any LifelineClock
    private let seed: @MainActor () throws(CatalogueError) -> [Book]
    private let seedVersion: String
    let logger: LifelineLogger
    private weak var runtime: LifecycleRuntime?
    var database: Database?
    var suspension: LifecycleObservation?
    /// The background `PRAGMA quick_check` started by the last ``prepare()`` (awaited by tests).
    private(set) var integrityCheck: Task<Void, Never>?

    /// Creates a catalogue in the file at `path`, filled from `seed` (the bundled records by
    /// default); with a `runtime`, the database suspends while the app is in the background.
    /// The database lives in `storage`, whose file system also moves a damaged file aside (by default,
    /// the real one confined to the file's directory). `checksIntegrityInBackground` starts
    /// `PRAGMA quick_check` off the main actor once the database is open; a host whose file
    /// system serves the main actor only (the simulator's disk refuses calls from elsewhere)
    /// turns it off.
    public init(
        path: String,
        seedVersion: String = CatalogueSeed.version,
        runtime: LifecycleRuntime? = nil,
        storage: StorageEnvironment? = nil,
        checksIntegrityInBackground: Bool = true,
        logger: LifelineLogger = .disabled,
        seed: @escaping @MainActor () throws(CatalogueError) -> [Book] = { () throws(CatalogueError) in
            try CatalogueSeed.books()
        }
    ) {
        self.path = path
        self.seedVersion = seedVersion
        self.runtime = runtime
        self.storage = storage ?? StorageEnvironment(fileSystem: POSIXFileSystem(root: FilePaths.directory(of: path)))
        self.checksIntegrityInBackground = checksIntegrityInBackground
        self.clock = runtime?.clock ?? SystemClock()
        self.logger = logger.category("catalogue")
        self.seed = seed
    }

    /// Opens the database and builds it from the seed if it is missing, from another seed
    /// version, or damaged (then first moved aside to ``quarantinedPath``).
    /// - Throws: ``CatalogueError`` if it can be neither opened nor rebuilt (an unwritable
    ///   directory); a damaged file that could not be moved aside is left in place.
    public func prepare() async throws(CatalogueError) {
        try prepareNow()
    }

    /// The synchronous form of ``prepare()``. The `PRAGMA quick_check` it starts runs in the
    /// background; a damaged database found then is moved aside and rebuilt in place.
    public func prepareNow() throws(CatalogueError) {
        guard database == nil else { return }
        try openDatabase(checkingIntegrity: true)
    }

    /// Opens (or rebuilds) the database and, if asked, starts its background integrity check.
    func openDatabase(checkingIntegrity: Bool) throws(CatalogueError) {
        let opened = try openOrRebuild()
        if try Self.metadata("seed", in: opened) != seedVersion {
            logger.info("Building the catalogue database from the bundled seed.")
            try Self.replaceContents(of: opened, with: seed(), seedVersion: seedVersion)
        }
        database = opened
        if let runtime { suspension = opened.suspendWhileInBackground(of: runtime, logger: logger) }
        guard checkingIntegrity, checksIntegrityInBackground else { return }
        let check: @MainActor () async -> Void = { [weak self] in await self?.checkIntegrity() }
        integrityCheck = runtime?.applicationScope.task("catalogue integrity check", check) ?? Task { await check() }
    }

    /// Searches synchronously; see ``CatalogueService/search(_:limit:)``.
    public func searchNow(_ query: String, limit: Int) throws(CatalogueError) -> [Book] {
        guard let database else { throw .notLoaded }
        guard let expression = FullTextQuery.expression(for: query) else { return [] }
        return try Self.catching {
            try database.fetchAll(Self.searchSQL, [expression, limit], Self.book(from:)).compactMap { $0 }
        }
    }

    /// Looks books up synchronously; see ``CatalogueService/books(_:)``.
    public func booksNow(_ ids: [BookID]) throws(CatalogueError) -> [BookID: Book] {
        guard let database else { throw .notLoaded }
        var found: [BookID: Book] = [:]
        try Self.catching {
            for id in ids where found[id] == nil {
                if let book = try database.fetchOne("SELECT \(Self.columns) FROM books WHERE id = ?", [id.rawValue], Self.book(from:)) ?? nil {
                    found[id] = book
                }
            }
        }
        return found
    }

    /// Books matching every word of `query` as word prefixes, best first, at most `limit`.
    public func search(_ query: String, limit: Int) async throws(CatalogueError) -> [Book] {
        try searchNow(query, limit: limit)
    }

    /// The records of `ids` that exist; missing identifiers are absent from the result.
    public func books(_ ids: [BookID]) async throws(CatalogueError) -> [BookID: Book] {
        try booksNow(ids)
    }

    /// The most recently added books, newest first.
    public func newArrivals(limit: Int) async throws(CatalogueError) -> [Book] {
        guard let database else { throw .notLoaded }
        return try Self.catching {
            try database.fetchAll("SELECT \(Self.columns) FROM books ORDER BY added DESC LIMIT ?", [limit], Self.book(from:))
                .compactMap { $0 }
        }
    }

    /// Adds (or replaces) records, as a library adds new acquisitions; they become the newest arrivals.
    public func add(_ books: [Book]) throws(CatalogueError) {
        guard let database else { throw .notLoaded }
        try Self.catching { try database.transaction { database in try Self.insert(books, into: database) } }
    }

    /// Closes the database for good, as the end of the process would: the simulator calls it
    /// when an incarnation dies, so that what SQLite holds in memory goes with it.
    package func close() {
        suspension?.cancel()
        suspension = nil
        database?.close()
        database = nil
    }

    /// Drops what can be rebuilt (statement caches, response caches).
    public func purgeCaches() {
        database?.clearStatementCache()
    }

    /// Builds a catalogue database file at `path` in `storage` holding `books`, marked as
    /// built from `seedVersion` so that the app opens it as is. For benchmarks, fixtures and the
    /// simulator's device image.
    /// - Throws: ``CatalogueError``; the file may be left partially built.
    public static func build(
        at path: String, books: [Book], seedVersion: String = CatalogueSeed.version,
        storage: StorageEnvironment = StorageEnvironment(fileSystem: POSIXFileSystem())
    ) throws(CatalogueError) {
        let database = try open(path, storage: storage)
        try replaceContents(of: database, with: books, seedVersion: seedVersion)
        database.close()
    }
}
