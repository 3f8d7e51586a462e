@testable import CampusLibrary
import Foundation
import Testing

/// A scratch directory for database files, removed when the test ends.
final class ScratchDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("campus-catalogue-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

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

@Suite("InMemoryCatalogue")
@MainActor
struct InMemoryCatalogueTests {
    @Test("matches every word as a prefix in title, authors or subjects, titles first")
    func searches() async throws {
        let catalogue = InMemoryCatalogue(books: TestBooks.all)
        try await catalogue.prepare()
        #expect(try await catalogue.search("tale two", limit: 5) == [TestBooks.twoCities])
        #expect(try await catalogue.search("AUSTEN", limit: 5).count == 2)
        #expect(try await catalogue.search("england", limit: 5).count == 3)
        #expect(try await catalogue.search("emma england", limit: 5) == [TestBooks.emma])
        #expect(try await catalogue.search("\"", limit: 5).isEmpty)
    }

    @Test("the last book added is the newest arrival; a removed book is gone")
    func arrivalsAndRemoval() async throws {
        let catalogue = InMemoryCatalogue(books: TestBooks.all)
        try await catalogue.prepare()
        #expect(try await catalogue.newArrivals(limit: 1) == [TestBooks.frankenstein])
        catalogue.remove([TestBooks.frankenstein.id])
        #expect(try await catalogue.books([TestBooks.frankenstein.id]).isEmpty)
    }
}

@Suite("CatalogueSeed")
struct CatalogueSeedTests {
    @Test("the bundled catalogue holds at least 200 well-formed, distinct public-domain records")
    func bundledRecords() throws {
        let books = try CatalogueSeed.books()
        #expect(books.count >= 200)
        #expect(Set(books.map(\.id)).count == books.count)
        for book in books {
            #expect(!book.title.isEmpty && !book.authors.isEmpty, "\(book.id)")
            #expect((2...4).contains(book.subjects.count), "\(book.id) has \(book.subjects.count) subjects")
            #expect(book.year.map { $0 <= 1930 } == true, "\(book.id) is not from the public domain era")
        }
    }

    @Test("a malformed seed is refused with a seed error naming the problem")
    func malformedSeed() {
        #expect(throws: CatalogueError.self) { try CatalogueSeed.decode(Data(#"[{"id": "../etc", "title": "x"}]"#.utf8)) }
    }
}

@Suite("SyntheticCatalogue")
struct SyntheticCatalogueTests {
    @Test("generates the requested number of valid, distinct records, the same for the same seed")
    func deterministic() {
        let first = SyntheticCatalogue(seed: 42).books(count: 1_000)
        let second = SyntheticCatalogue(seed: 42).books(count: 1_000)
        #expect(first == second)
        #expect(first.count == 1_000)
        #expect(Set(first.map(\.id)).count == 1_000)
        #expect(first.first?.id.rawValue == "syn-0000001")
        #expect(SyntheticCatalogue(seed: 43).books(count: 10) != Array(first.prefix(10)))
    }
}

@Suite("FullTextQuery")
struct FullTextQueryTests {
    @Test("each word becomes a quoted prefix term; punctuation separates words")
    func expression() {
        #expect(FullTextQuery.expression(for: "Tale of two") == #""tale"* "of"* "two"*"#)
        #expect(FullTextQuery.expression(for: #"moby-dick "whale""#) == #""moby"* "dick"* "whale"*"#)
        #expect(FullTextQuery.expression(for: " -- ") == nil)
    }
}
