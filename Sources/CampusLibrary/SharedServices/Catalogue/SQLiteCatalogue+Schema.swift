import DurableState

/// The catalogue's schema, and reading and writing its rows.
extension SQLiteCatalogue {
    /// The columns every book query selects, in the order `book(from:)` reads them.
    static let columns = "books.id, books.title, books.authors, books.year, books.subjects"

    /// The full-text search: matching rows joined to their records, best match first (BM25 with
    /// title words weighing 10, authors 4 and subjects 1, configured as the table's rank).
    public static let searchSQL = """
        SELECT \(columns) FROM books_fts JOIN books ON books.pk = books_fts.rowid
        WHERE books_fts MATCH ?1 ORDER BY books_fts.rank LIMIT ?2
        """

    /// Authors and subjects are stored as one text column each, joined with a newline (which the
    /// FTS tokenizer treats as a separator).
    static let listSeparator: Character = "\n"

    static func open(_ path: String, storage: StorageEnvironment) throws(CatalogueError) -> Database {
        var configuration = DatabaseConfiguration()
        configuration.durability = .survivesProcessKill
        // One instance per data directory is the rule (DataDirectory); if another process holds
        // SQLite's lock all the same, wait a moment rather than fail at once.
        configuration.busyTimeout = .seconds(1)
        return try catching {
            // A cache of public records that the background refresh reads and fills: after the first unlock.
            let database = try Database(
                path: path, storage: storage, configuration: configuration, protection: .completeUntilFirstUserAuthentication)
            try migrator.migrate(database)
            return database
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("catalogue-v1") { database throws(SQLiteError) in
            try database.executeScript(
                """
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE books (
                    pk INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL,
                    authors TEXT NOT NULL,
                    year INTEGER,
                    subjects TEXT NOT NULL,
                    added INTEGER NOT NULL
                );
                CREATE INDEX books_added ON books (added);
                CREATE VIRTUAL TABLE books_fts USING fts5 (
                    title, authors, subjects,
                    content = 'books', content_rowid = 'pk',
                    tokenize = 'unicode61 remove_diacritics 2'
                );
                INSERT INTO books_fts (books_fts, rank) VALUES ('rank', 'bm25(10.0, 4.0, 1.0)');
                """
            )
        }
        return migrator
    }

    static func metadata(_ key: String, in database: Database) throws(CatalogueError) -> String? {
        try catching { try database.fetchOne("SELECT value FROM meta WHERE key = ?", [key]) { row throws(SQLiteError) in try row.decode(String.self, at: 0) } }
    }

    static func replaceContents(of database: Database, with books: [Book], seedVersion: String) throws(CatalogueError) {
        try catching {
            try database.transaction { database in
                try database.executeScript("DELETE FROM books; INSERT INTO books_fts (books_fts) VALUES ('delete-all');")
                try insert(books, into: database)
                try database.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('seed', ?)", [seedVersion])
            }
            try database.execute("INSERT INTO books_fts (books_fts) VALUES ('optimize')")
        }
    }

    static func insert(_ books: [Book], into database: Database) throws(SQLiteError) {
        for book in books {
            let existing = try database.fetchOne("SELECT pk, title, authors, subjects FROM books WHERE id = ?", [book.id.rawValue]) {
                row throws(SQLiteError) in
                (try row.decode(Int64.self, at: 0), try row.decode(String.self, at: 1), try row.decode(String.self, at: 2),
                 try row.decode(String.self, at: 3))
            }
            if let (pk, title, authors, subjects) = existing {
                try database.execute(
                    "INSERT INTO books_fts (books_fts, rowid, title, authors, subjects) VALUES ('delete', ?, ?, ?, ?)",
                    [pk, title, authors, subjects]
                )
                try database.execute("DELETE FROM books WHERE pk = ?", [pk])
            }
            let authors = book.authors.joined(separator: String(listSeparator))
            let subjects = book.subjects.joined(separator: String(listSeparator))
            try database.execute(
                """
                INSERT INTO books (id, title, authors, year, subjects, added)
                VALUES (?, ?, ?, ?, ?, (SELECT ifnull(max(added), 0) + 1 FROM books))
                """,
                [book.id.rawValue, book.title, authors, book.year, subjects]
            )
            try database.execute(
                "INSERT INTO books_fts (rowid, title, authors, subjects) VALUES (last_insert_rowid(), ?, ?, ?)",
                [book.title, authors, subjects]
            )
        }
    }

    /// The record in the current row, or `nil` if its identifier is malformed (a damaged file).
    static func book(from row: borrowing Row) throws(SQLiteError) -> Book? {
        guard let id = BookID(try row.decode(String.self, at: 0)) else { return nil }
        return Book(
            id: id,
            title: try row.decode(String.self, at: 1),
            authors: split(try row.decode(String.self, at: 2)),
            year: try row.decode(Int?.self, at: 3),
            subjects: split(try row.decode(String.self, at: 4))
        )
    }

    /// Runs `body`, reporting any database failure as ``CatalogueError/database(code:message:)``.
    static func catching<T>(_ body: () throws -> T) throws(CatalogueError) -> T {
        do {
            return try body()
        } catch let error as CatalogueError {
            throw error
        } catch SQLiteError.suspended {
            throw .suspended
        } catch let error as SQLiteError {
            throw .database(code: error.extendedResultCode?.rawValue ?? 0, message: error.description)
        } catch {
            throw .database(code: 0, message: String(describing: error))
        }
    }

    private static func split(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: listSeparator, omittingEmptySubsequences: true).map(String.init)
    }
}
