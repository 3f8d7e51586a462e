import DurableState

/// The reading list's schema, its migrations, the statements of each change, and the queries
/// that find a change written only in part.
extension ReadingListStore {
    /// The migrations, in order, each a list of statements. Never edit a shipped one; add one.
    static let migrations: [(identifier: String, statements: [String])] = [
        (
            "reading-list-v1",
            [
                """
                CREATE TABLE reading_list (
                    book_id TEXT PRIMARY KEY,
                    title TEXT NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('to-read', 'reading', 'finished')),
                    since INTEGER NOT NULL,
                    position INTEGER NOT NULL
                )
                """,
                """
                CREATE TABLE reading_log (
                    id INTEGER PRIMARY KEY,
                    book_id TEXT NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('to-read', 'reading', 'finished', 'removed')),
                    at INTEGER NOT NULL
                )
                """,
                "CREATE INDEX reading_log_by_book ON reading_log (book_id, id)",
            ]
        ),
    ]

    /// The migrations as DurableState's migrator runs them: each in its own transaction, with
    /// the row that records it.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations {
            let statements = migration.statements
            migrator.registerMigration(migration.identifier) { database throws(SQLiteError) in
                for statement in statements { try database.execute(statement) }
            }
        }
        return migrator
    }

    /// Brings `database`'s schema up to date, as every launch does after opening the file (with
    /// ``CampusBug/migrationOutsideTransaction`` planted, statement by statement).
    /// - Throws: `SQLiteError`; a migration that fails is rolled back, those before it stay.
    package static func prepare(_ database: Database, bugs: Set<CampusBug> = []) throws(SQLiteError) {
        if bugs.contains(.migrationOutsideTransaction) {
            try migrateStatementByStatement(database)
        } else {
            try migrator.migrate(database)
        }
    }

    /// The ``CampusBug/migrationOutsideTransaction`` migrations: each statement committed on its
    /// own, the schema version (`PRAGMA user_version`) bumped after the last one. A death between
    /// two statements leaves a table created and the version not bumped, so the next launch runs
    /// the migration again and fails on the table that exists.
    private static func migrateStatementByStatement(_ database: Database) throws(SQLiteError) {
        let version = try database.fetchOne("PRAGMA user_version") { row throws(SQLiteError) in try row.decode(Int.self, at: 0) } ?? 0
        for (index, migration) in migrations.enumerated() where index >= version {
            for statement in migration.statements { try database.execute(statement) }
            try database.execute("PRAGMA user_version = \(index + 1)")
        }
    }

    /// The statements that write `change` at `milliseconds` (since 1970), in order: the entry,
    /// then its log line.
    static func statements(for change: Change, at milliseconds: Int64) -> [(String, StatementArguments)] {
        switch change {
        case .add(let book):
            [
                (
                    """
                    INSERT INTO reading_list (book_id, title, status, since, position)
                    VALUES (?, ?, 'to-read', ?, (SELECT ifnull(max(position), 0) + 1 FROM reading_list))
                    """,
                    [book.id.rawValue, book.title, milliseconds]
                ),
                (logSQL, [book.id.rawValue, ReadingStatus.toRead.rawValue, milliseconds]),
            ]
        case let .setStatus(id, status):
            [
                ("UPDATE reading_list SET status = ?, since = ? WHERE book_id = ?", [status.rawValue, milliseconds, id.rawValue]),
                (logSQL, [id.rawValue, status.rawValue, milliseconds]),
            ]
        case .remove(let id):
            [
                ("DELETE FROM reading_list WHERE book_id = ?", [id.rawValue]),
                (logSQL, [id.rawValue, "removed", milliseconds]),
            ]
        }
    }

    static let logSQL = "INSERT INTO reading_log (book_id, status, at) VALUES (?, ?, ?)"
    static let entriesSQL = "SELECT book_id, title, status, since FROM reading_list ORDER BY position"
    static let finishedCountSQL = "SELECT count(DISTINCT book_id) FROM reading_log WHERE status = 'finished'"

    /// Queries that return no row while every change is whole: each row names a book whose entry
    /// and log disagree — one of the two statements of a change without the other.
    package static let consistencyQueries = [
        // An entry whose latest log line is missing or says something else.
        """
        SELECT 'the entry of ' || entry.book_id || ' says ' || entry.status || ' since ' || entry.since
            || ', its latest log line ' || ifnull('says ' || line.status || ' at ' || line.at, 'is missing')
        FROM reading_list AS entry
        LEFT JOIN reading_log AS line ON line.id = (SELECT max(id) FROM reading_log WHERE book_id = entry.book_id)
        WHERE line.status IS NOT entry.status OR line.at IS NOT entry.since
        """,
        // A book the log leaves on the list that has no entry.
        """
        SELECT 'the latest log line of ' || line.book_id || ' says ' || line.status || ', but it has no entry'
        FROM reading_log AS line
        WHERE line.id = (SELECT max(id) FROM reading_log WHERE book_id = line.book_id)
            AND line.status != 'removed'
            AND NOT EXISTS (SELECT 1 FROM reading_list WHERE book_id = line.book_id)
        """,
    ]
}
