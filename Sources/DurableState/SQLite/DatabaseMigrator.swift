/// Ordered, recorded schema migrations.
///
/// ```swift
/// var migrator = DatabaseMigrator()
/// migrator.registerMigration("v1-books") { db in
///     try db.executeScript("CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
/// }
/// migrator.registerMigration("v2-loans") { db in
///     try db.executeScript("CREATE TABLE loan (book_id INTEGER NOT NULL REFERENCES book(id))")
/// }
/// try migrator.migrate(db)   // at every launch
/// ```
///
/// Migrations run in registration order, each in its own transaction together with the row
/// that records its identifier in `lifeline_migrations`; so a migration is either applied and
/// recorded or neither, and running ``migrate(_:isolation:)`` again at the next launch applies
/// only what is missing. A database that records an identifier this migrator does not know was
/// migrated by a newer app: it is refused, unchanged. Never edit or rename a shipped migration;
/// add a new one.
///
/// A value built where the database lives (its migration closures run on the database's
/// actor, so it is not `Sendable`).
public struct DatabaseMigrator {
    /// One migration's work; it runs inside the migration's transaction.
    public typealias Migration = (Database) throws(SQLiteError) -> Void

    /// The table that records applied migrations, one row per identifier.
    public static let recordTable = "lifeline_migrations"

    private var migrations: [(identifier: String, body: Migration)] = []

    /// An empty migrator.
    public init() {}

    /// The registered identifiers, in order.
    public var identifiers: [String] { migrations.map(\.identifier) }

    /// Appends a migration. Identifiers must be unique (checked by ``migrate(_:isolation:)``).
    public mutating func registerMigration(_ identifier: String, _ migration: @escaping Migration) {
        migrations.append((identifier, migration))
    }

    /// Applies the registered migrations the database has not recorded, in order.
    ///
    /// - Throws: ``SQLiteError/duplicateMigration(identifier:)`` or
    ///   ``SQLiteError/unknownMigrations(identifiers:)`` before anything changes (the database
    ///   is left unchanged); ``SQLiteError/migrationFailed(identifier:underlying:)`` if one
    ///   fails: it is rolled back, those before it stay applied and recorded.
    public func migrate(_ db: Database, isolation: isolated (any Actor)? = #isolation) throws(SQLiteError) {
        var known = Set<String>()
        for migration in migrations where !known.insert(migration.identifier).inserted {
            throw .duplicateMigration(identifier: migration.identifier)
        }
        let applied = try db.withTransaction(isolation: isolation) { () throws(SQLiteError) -> Set<String> in
            try db.execute(
                "CREATE TABLE IF NOT EXISTS \(Self.recordTable) (identifier TEXT NOT NULL PRIMARY KEY)", isolation: isolation)
            let applied = try recordedIdentifiers(db, isolation: isolation)
            let unknown = applied.filter { !known.contains($0) }
            guard unknown.isEmpty else { throw .unknownMigrations(identifiers: unknown) }
            return Set(applied)
        }
        for migration in migrations where !applied.contains(migration.identifier) {
            do throws(SQLiteError) {
                try db.withTransaction(isolation: isolation) { () throws(SQLiteError) in
                    // Another process may have applied it since the check above.
                    // The closure names `isolation`, so it runs isolated to it (SE-0420).
                    let recorded = try db.fetchOne(
                        "SELECT 1 FROM \(Self.recordTable) WHERE identifier = ?", [migration.identifier], isolation: isolation
                    ) { _ throws(SQLiteError) in true }
                    guard recorded == nil else { return }
                    try migration.body(db)
                    try db.execute(
                        "INSERT INTO \(Self.recordTable) (identifier) VALUES (?)", [migration.identifier], isolation: isolation)
                }
            } catch {
                throw .migrationFailed(identifier: migration.identifier, underlying: error)
            }
        }
    }

    /// The identifiers the database records as applied, in the order they were applied; empty
    /// for a database never migrated.
    ///
    /// - Throws: ``SQLiteError`` if the database cannot be read.
    public func appliedIdentifiers(in db: Database, isolation: isolated (any Actor)? = #isolation) throws(SQLiteError) -> [String] {
        let exists = try db.fetchOne(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", [Self.recordTable]
        ) { _ throws(SQLiteError) in true }
        guard exists != nil else { return [] }
        return try recordedIdentifiers(db, isolation: isolation)
    }

    private func recordedIdentifiers(_ db: Database, isolation: isolated (any Actor)?) throws(SQLiteError) -> [String] {
        try db.fetchAll("SELECT identifier FROM \(Self.recordTable) ORDER BY rowid") { row throws(SQLiteError) in
            try row.decode(String.self, at: 0)
        }
    }
}
