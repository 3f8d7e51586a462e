@testable import CampusLibrary
import Foundation
import Testing


@Suite("SQLiteCatalogue")
@MainActor
struct SQLiteCatalogueTests {
    let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory()
    }

    func bundled() throws -> SQLiteCatalogue {
        let catalogue = SQLiteCatalogue(path: scratch.path("bundled.sqlite"))
        try catalogue.prepareNow()
        return catalogue
    }

    @Test("finds books by title words as prefixes, ranked, across the bundled catalogue")
    func searchesTitles() throws {
        let catalogue = try bundled()
        #expect(try catalogue.searchNow("pride prej", limit: 10).first?.title == "Pride and Prejudice")
        #expect(try catalogue.searchNow("tale two", limit: 10).contains { $0.title == "A Tale of Two Cities" })
    }

    @Test("title matches rank above subject matches")
    func titlesRankFirst() throws {
        let catalogue = try bundled()
        let results = try catalogue.searchNow("tale", limit: 20)
        let firstSubjectOnly = results.firstIndex { !$0.title.lowercased().contains("tale") } ?? results.count
        let lastTitle = results.lastIndex { $0.title.lowercased().contains("tale") } ?? -1
        #expect(lastTitle < firstSubjectOnly)
        #expect(try catalogue.searchNow("two cities", limit: 5).first?.title == "A Tale of Two Cities")
    }

    @Test("finds books by author and by subject")
    func searchesAuthorsAndSubjects() throws {
        let catalogue = try bundled()
        let dickens = try catalogue.searchNow("dickens", limit: 50)
        #expect(dickens.count >= 10)
        #expect(dickens.allSatisfy { $0.authors.contains("Charles Dickens") })
        #expect(try catalogue.searchNow("whaling", limit: 10).contains { $0.id.rawValue == "melville-moby-dick" })
    }

    @Test("ignores case and diacritics")
    func foldsCaseAndDiacritics() throws {
        let catalogue = try bundled()
        #expect(try catalogue.searchNow("BRONTE", limit: 20).contains { $0.title == "Jane Eyre" })
        #expect(try catalogue.searchNow("misérables", limit: 5).first?.title == "Les Misérables")
        #expect(try catalogue.searchNow("miserables", limit: 5).first?.title == "Les Misérables")
    }

    @Test("treats quotes and query operators as plain text, never as syntax")
    func operatorsAreText() throws {
        let catalogue = try bundled()
        for query in ["\"", "NEAR(", "pride OR", "* ^ :", "title:emma", "AND NOT", "'); DROP TABLE books; --"] {
            _ = try catalogue.searchNow(query, limit: 5)
        }
        #expect(try catalogue.searchNow("   ", limit: 5).isEmpty)
        #expect(try catalogue.searchNow("emma", limit: 5).first?.title == "Emma")
    }

    @Test("looks books up by identifier; unknown identifiers are simply absent")
    func looksUpByIdentifier() throws {
        let catalogue = try bundled()
        let emma = try #require(BookID("austen-emma"))
        let missing = try #require(BookID("no-such-book"))
        let found = try catalogue.booksNow([emma, missing])
        #expect(found[emma]?.year == 1815)
        #expect(found[missing] == nil)
    }

    @Test("refuses to search before it is prepared")
    func notLoaded() {
        let catalogue = SQLiteCatalogue(path: scratch.path("unprepared.sqlite"))
        #expect(throws: CatalogueError.notLoaded) { try catalogue.searchNow("emma", limit: 5) }
    }

    @Test("added books become the newest arrivals and are searchable; re-adding replaces")
    func addsBooks() async throws {
        let catalogue = SQLiteCatalogue(path: scratch.path("small.sqlite"), seed: { TestBooks.all })
        try catalogue.prepareNow()
        let arrival = TestBooks.book("new-arrival", "The Compleat Angler", "Izaak Walton", 1653, ["Fishing"])
        try catalogue.add([arrival])
        #expect(try await catalogue.newArrivals(limit: 1) == [arrival])
        #expect(try catalogue.searchNow("angler", limit: 5) == [arrival])
        try catalogue.add([TestBooks.book("new-arrival", "The Compleat Angler, 2nd ed.", "Izaak Walton", 1655, ["Fishing"])])
        #expect(try catalogue.searchNow("angler", limit: 5).map(\.year) == [1655])
    }

    @Test("a database file is built once and rebuilt only when the seed version changes")
    func rebuildsOnNewSeed() throws {
        let path = scratch.path("versions.sqlite")
        var builds = 0
        func open(version: String, books: [Book]) throws -> SQLiteCatalogue {
            let catalogue = SQLiteCatalogue(path: path, seedVersion: version) { () throws(CatalogueError) in
                builds += 1
                return books
            }
            try catalogue.prepareNow()
            return catalogue
        }
        _ = try open(version: "v1", books: [TestBooks.pride])
        let reopened = try open(version: "v1", books: [TestBooks.emma])
        #expect(builds == 1)
        #expect(try reopened.searchNow("pride", limit: 5) == [TestBooks.pride])
        let rebuilt = try open(version: "v2", books: [TestBooks.emma])
        #expect(builds == 2)
        #expect(try rebuilt.searchNow("pride", limit: 5).isEmpty)
        #expect(try rebuilt.searchNow("emma", limit: 5) == [TestBooks.emma])
    }
}
