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

    static func createSchema(on connection: SQLiteConnection) throws(CatalogueError) {
        try connection.execute(
            """
            PRAGMA journal_mode = WAL;
            CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS books (
                pk INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                title TEXT NOT NULL,
                authors TEXT NOT NULL,
                year INTEGER,
                subjects TEXT NOT NULL,
                added INTEGER NOT NULL
            );
            CREATE INDEX IF NOT EXISTS books_added ON books (added);
            CREATE VIRTUAL TABLE IF NOT EXISTS books_fts USING fts5 (
                title, authors, subjects,
                content = 'books', content_rowid = 'pk',
                tokenize = 'unicode61 remove_diacritics 2'
            );
            """
        )
    }

    static func metadata(_ key: String, on connection: SQLiteConnection) throws(CatalogueError) -> String? {
        let statement = try connection.statement("SELECT value FROM meta WHERE key = ?1")
        defer { statement.reset() }
        try statement.bind(key, at: 1)
        return try statement.step() ? statement.text(0) : nil
    }

    static func replaceContents(
        of connection: SQLiteConnection, with books: [Book], seedVersion: String
    ) throws(CatalogueError) {
        try connection.transaction { () throws(CatalogueError) in
            try connection.execute("DELETE FROM books; INSERT INTO books_fts (books_fts) VALUES ('delete-all');")
            try insert(books, into: connection)
            let statement = try connection.statement("INSERT OR REPLACE INTO meta (key, value) VALUES ('seed', ?1)")
            try statement.bind(seedVersion, at: 1)
            try statement.run()
        }
        try connection.execute(
            """
            INSERT INTO books_fts (books_fts, rank) VALUES ('rank', 'bm25(10.0, 4.0, 1.0)');
            INSERT INTO books_fts (books_fts) VALUES ('optimize');
            """
        )
    }

    static func insert(_ books: [Book], into connection: SQLiteConnection) throws(CatalogueError) {
        let existing = try connection.statement("SELECT pk, title, authors, subjects FROM books WHERE id = ?1")
        let removeIndex = try connection.statement(
            "INSERT INTO books_fts (books_fts, rowid, title, authors, subjects) VALUES ('delete', ?1, ?2, ?3, ?4)"
        )
        let removeRow = try connection.statement("DELETE FROM books WHERE pk = ?1")
        let insertRow = try connection.statement(
            """
            INSERT INTO books (id, title, authors, year, subjects, added)
            VALUES (?1, ?2, ?3, ?4, ?5, (SELECT ifnull(max(added), 0) + 1 FROM books))
            """
        )
        let insertIndex = try connection.statement(
            "INSERT INTO books_fts (rowid, title, authors, subjects) VALUES (last_insert_rowid(), ?1, ?2, ?3)"
        )
        for book in books {
            existing.reset()
            try existing.bind(book.id.rawValue, at: 1)
            if try existing.step(), let rowid = existing.integer(0) {
                removeIndex.reset()
                try removeIndex.bind(rowid, at: 1)
                try removeIndex.bind(existing.text(1), at: 2)
                try removeIndex.bind(existing.text(2), at: 3)
                try removeIndex.bind(existing.text(3), at: 4)
                try removeIndex.run()
                removeRow.reset()
                try removeRow.bind(rowid, at: 1)
                try removeRow.run()
            }
            existing.reset()
            let authors = book.authors.joined(separator: String(listSeparator))
            let subjects = book.subjects.joined(separator: String(listSeparator))
            insertRow.reset()
            try insertRow.bind(book.id.rawValue, at: 1)
            try insertRow.bind(book.title, at: 2)
            try insertRow.bind(authors, at: 3)
            try insertRow.bind(book.year, at: 4)
            try insertRow.bind(subjects, at: 5)
            try insertRow.run()
            insertIndex.reset()
            try insertIndex.bind(book.title, at: 1)
            try insertIndex.bind(authors, at: 2)
            try insertIndex.bind(subjects, at: 3)
            try insertIndex.run()
        }
    }

    /// The record in the current row, or `nil` if its identifier is malformed (a damaged file).
    static func book(from statement: SQLiteStatement) -> Book? {
        guard let id = BookID(statement.text(0)) else { return nil }
        return Book(
            id: id,
            title: statement.text(1),
            authors: split(statement.text(2)),
            year: statement.integer(3),
            subjects: split(statement.text(4))
        )
    }

    private static func split(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: listSeparator, omittingEmptySubsequences: true).map(String.init)
    }
}
