import DurableState

/// A SQLite database of the app that the simulator checks after every death of the process (a
/// kill, a power loss, a crash in the middle of a step, a termination), on a copy of its files as
/// the death left them — what the next launch will find:
///
/// - **intact**: `PRAGMA integrity_check` answers `ok` (``Violation/Kind/databaseDamaged``);
/// - **openable**: ``open``, the app's own way of opening it (its migrations), succeeds
///   (``Violation/Kind/databaseUnopenable``);
/// - **whole transactions**: each query of ``consistency`` returns no row
///   (``Violation/Kind/halfAppliedTransaction``).
///
/// ```swift
/// app.databases = [
///     DatabaseCheck(name: "reading list", path: "/Library/reading-list.sqlite") { db in
///         try ReadingListStore.migrator.migrate(db)
///     } consistency: [
///         // An entry and its log line are written in one transaction: one without the other is half of it.
///         "SELECT 'entry ' || book_id || ' has no log line' FROM entry WHERE NOT EXISTS (SELECT 1 FROM log WHERE log.book_id = entry.book_id)",
///     ],
/// ]
/// ```
///
/// The history checks what the user sees after the relaunch; this checks what the user cannot
/// see: a database that SQLite itself finds damaged, a schema a kill left halfway through a
/// migration, two rows that only make sense together found one without the other. The copy is a
/// disk of its own, so the check changes nothing the run goes on with (no checkpoint, no
/// recovery written back). A database file that does not exist yet is not checked; after the
/// simulator damaged a file itself (``SimulationEvent/corruptFile(seed:)``) no database is
/// checked again in that run. A `Sendable` value owned by the ``SimulatedApp``; ``open`` runs on
/// the main actor.
public struct DatabaseCheck: Sendable {
    /// The database's name in messages (`reading list`).
    public var name: String
    /// The database file's path on the device's disk; its `-wal` and `-journal` are copied too.
    public var path: String
    /// Opens the database as the app's next launch would after SQLite opened the file: the
    /// app's migrations, its own checks. Throwing means the app could not open it.
    public var open: @MainActor @Sendable (Database) throws -> Void
    /// Queries that return no row when every transaction the app wrote is whole or absent; each
    /// row returned is one half-applied change, described by its first column (text). They run
    /// after ``open``, on the schema it leaves.
    public var consistency: [String]

    /// Describes the database at `path`, opened by `open`, whose transactions `consistency`
    /// finds whole.
    public init(
        name: String, path: String, open: @escaping @MainActor @Sendable (Database) throws -> Void = { _ in },
        consistency: [String] = []
    ) {
        self.name = name
        self.path = path
        self.open = open
        self.consistency = consistency
    }
}
