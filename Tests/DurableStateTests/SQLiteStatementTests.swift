import DurableState
import Testing

@Suite("Statement")
@MainActor
struct SQLiteStatementTests {
    let directory = SQLiteTestDirectory()

    func openDatabase() throws -> Database {
        let db = try Database(path: directory.file("statement.sqlite"))
        try db.executeScript("""
            CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, year INTEGER);
            INSERT INTO book (title, year) VALUES ('Dune', 1965), ('Emma', 1815), ('Ubik', 1969);
            """)
        return db
    }

    @Test func aHeldStatementRunsAgainWithNewArguments() throws {
        let db = try openDatabase()
        let byYear = try db.statement("SELECT title FROM book WHERE year > ? ORDER BY year")
        let decode: (borrowing Row) throws(SQLiteError) -> String = { row throws(SQLiteError) in try row.decode(at: 0) }
        #expect(try byYear.fetchAll([1900], decode) == ["Dune", "Ubik"])
        #expect(try byYear.fetchAll([1966], decode) == ["Ubik"])
        #expect(try byYear.fetchOne([2000], decode) == nil)
        #expect(byYear.columnNames == ["title"])
    }

    @Test func stoppingAfterTheFirstRowLeavesNoReadOpen() throws {
        let db = try openDatabase()
        let first = try db.fetchOne("SELECT title FROM book ORDER BY title") { row throws(SQLiteError) in
            #expect(db.isHoldingLock)
            return try row.decode(String.self, at: 0)
        }
        #expect(first == "Dune")
        #expect(!db.isHoldingLock)
    }

    @Test func aFailedStepResetsTheStatement() throws {
        let db = try openDatabase()
        try db.executeScript("CREATE UNIQUE INDEX book_title ON book(title)")
        let insert = try db.statement("INSERT INTO book (title) VALUES (?)")
        #expect(throws: SQLiteError.self) { try insert.execute(["Dune"]) }
        #expect(!db.isHoldingLock)
        try insert.execute(["Solaris"])
        #expect(db.lastInsertedRowID == 4)
    }

    @Test func runningTheSameStatementFromItsOwnRowClosureIsRefused() throws {
        let db = try openDatabase()
        let titles = try db.makeStatement("SELECT title FROM book")
        let error = #expect(throws: SQLiteError.self) {
            try titles.fetchAll { _ throws(SQLiteError) in
                try titles.fetchOne { row throws(SQLiteError) in try row.decode(String.self, at: 0) }
            }
        }
        #expect(error?.resultCode == .misuse)
        #expect(!db.isHoldingLock)
    }

    @Test func rowsReadByNameAndCopyTheirValues() throws {
        let db = try openDatabase()
        let rows = try db.fetchAll("SELECT id, title AS name, year FROM book WHERE id = ?", [2]) { row in
            (row["name"], row["missing"], row.values, row.count)
        }
        #expect(rows.count == 1)
        #expect(rows[0].0 == .text("Emma"))
        #expect(rows[0].1 == nil)
        #expect(rows[0].2 == [.integer(2), .text("Emma"), .integer(1815)])
        #expect(rows[0].3 == 3)
        #expect(throws: SQLiteError.decodingFailed(column: "nope", expected: "Int", found: "no such column", sql: "SELECT id FROM book")) {
            try db.fetchOne("SELECT id FROM book") { row throws(SQLiteError) in try row.decode(Int.self, named: "nope") }
        }
    }
}
