@testable import CampusLibrary
import Foundation
import Lifecycle
import Testing

/// Real recorded `search.json` responses (2021–2025 shapes; sources in
/// `Fixtures/OpenLibrary/README.md`), decoded and mapped to exactly the records they hold.
@Suite("Recorded Open Library responses")
@MainActor
struct OpenLibraryFixtureTests {
    func work(_ id: String, _ title: String, _ authors: [String], _ year: Int?, _ subjects: [String]) -> Book {
        Book(id: BookID(validated: id), title: title, authors: authors, year: year, subjects: subjects)
    }

    func page(_ name: String, limit: Int = 50) throws -> OpenLibraryPage {
        try OpenLibraryClient.decode(OpenLibraryFixtures.data(name)).page(limit: limit)
    }

    @Test("the 2021 Mistborn page maps to its fifteen works: titles, every author, years, the first four subjects")
    func mistborn2021() throws {
        let page = try page(OpenLibraryFixtures.mistborn2021)
        #expect(page.books == [
            work("OL17427759W", "Mistborn Trilogy", ["Brandon Sanderson"], 2001, ["Fiction, fantasy, general"]),
            work("OL24289089W", "Mistborn Adventure Game", ["Brandon Sanderson", "Alex Flagg", "Patrick Kapera", "Crafty Games"], 2012, []),
            work("OL19913857W", "Mistborn: Secret History", ["Brandon Sanderson"], 2019, ["Fiction, fantasy, general"]),
            work("OL5738148W", "The Final Empire (Mistborn, Book 1)", ["Brandon Sanderson"], 2001, ["Courts and courtiers", "Women revolutionaries", "Fiction", "Fiction, fantasy, general"]),
            work("OL17349393W", "Shadows of Self (Mistborn, Book 5)", ["Brandon Sanderson", "Michael Kramer"], 2015, ["Magic", "Fiction", "Religious disputations", "Domestic terrorism"]),
            work("OL16597059W", "The Alloy of Law (Mistborn, Book 4)", ["Brandon Sanderson"], 2001, ["Imaginary Places", "Magic", "Fiction", "Fantasy"]),
            work("OL17349394W", "The Bands of Mourning (Mistborn, Book 6)", ["Brandon Sanderson"], 2001, ["Magic", "Fiction", "Fiction, fantasy, epic", "Fiction, political"]),
            work("OL25366824W", "Aleación de Ley (Nacidos de la Bruma [Mistborn] 4)", ["Brandon Sanderson"], 2012, []),
            work("OL25870671W", "Brandon Sanderson's Fantasy Firsts : (the Way of Kings, Mistborn: the Final Empire, Rithmatist, Alcatraz vs. the Evil Librarians)", ["Brandon Sanderson"], 2017, ["Children's fiction", "Fantasy fiction"]),
            work("OL5738150W", "The Well of Ascension", ["Brandon Sanderson", "Michael Kramer"], 2000, ["Courts and courtiers", "Sieges", "Fiction", "Fiction, fantasy, general"]),
            work("OL5738154W", "The Hero of Ages", ["Brandon Sanderson"], 2008, ["Fiction", "Fantasy", "Epic Fantasy", "Fantasy fiction"]),
            work("OL17770504W", "Arcanum Unbounded", ["Brandon Sanderson", "Michael Kramer", "Kate Reading"], 2016, ["Fiction, fantasy, short stories", "Fiction, fantasy, collections & anthologies", "Fiction, fantasy, general"]),
            work("OL26349150W", "Shadows of Self", ["Brandon Sanderson"], 2022, []),
            work("OL26349161W", "Alloy of Law", ["Brandon Sanderson"], 2022, []),
            work("OL26349157W", "Bands of Mourning", ["Brandon Sanderson"], 2022, []),
        ])
        #expect(!page.droppedAnything)
    }

    @Test("the 2023 Lord of the Rings page: 100 works cut to the limit of 50, escapes decoded, missing authors and years absent")
    func lordOfTheRings2023() throws {
        let all = try page(OpenLibraryFixtures.lordOfTheRings2023, limit: 100)
        #expect(all.books.count == 100)
        #expect(!all.droppedAnything)
        #expect(all.books[0] == work("OL27448W", "The Lord of the Rings", ["J.R.R. Tolkien"], 1954, ["The Lord of the Rings", "Fiction", "Ficción", "English Fantasy fiction"]))
        #expect(all.books[1] == work(
            "OL14926019W", "Novels (Hobbit / Lord of the Rings)", ["J.R.R. Tolkien", "Ensemble cast", "Alan Lee"], 1979,
            ["Fiction, fantasy, epic", "Middle earth (imaginary place), fiction", "Baggins, frodo (fictitious character), fiction", "Baggins, bilbo (fictitious character), fiction"]
        ))
        #expect(all.books[47] == work("OL22375412M", "lord of the rings.", [], nil, ["Motion picture plays.", "Middle Earth (Imaginary place) -- Drama."]))
        #expect(all.books[55] == work("OL31351895W", "Lord of the Rings", ["J.R.R. Tolkien"], nil, []))
        #expect(all.books[60] == work(
            "OL33886826W", "Lord of the Rings",
            ["Elijah Wood, Ian McKellen, Liv Tyler, Viggo Mortensen, Sean Astin, Cate Blanchett, John Rhys-Davies, Bernard Hill, Christopher Lee, Billy Boyd"],
            2011, []
        ))
        #expect(all.books[99] == work(
            "OL18414703W", "The Lord of the Rings", ["Ernest Mathijs"], 2006,
            ["Motion pictures", "Lord of the rings, the fellowship of the ring (Motion picture)", "Social aspects", "Popular culture"]
        ))

        let limited = try page(OpenLibraryFixtures.lordOfTheRings2023, limit: 50)
        #expect(limited.books == Array(all.books.prefix(50)))
        #expect(limited.droppedOverLimit == 50)
        #expect(limited.skippedWithoutKey == 0 && limited.skippedUnusable == 0)
    }

    @Test("the 2024 one-work page keeps the first four of its 24 subjects")
    func twitterAndTearGas2024() throws {
        #expect(try page(OpenLibraryFixtures.twitterAndTearGas2024).books == [
            work("OL20057658W", "Twitter and tear gas", ["Zeynep Tufekci"], 2017, ["Social media", "Protest movements", "Political aspects", "Online social networks"]),
        ])
    }

    @Test("the 2025 shape (documentation_url, docs last, default fields) maps to works without subjects")
    func atwood2025() throws {
        #expect(try page(OpenLibraryFixtures.atwood2025).books == [
            work("OL675783W", "The Handmaid's Tale", ["Margaret Atwood"], 1985, []),
            work("OL675698W", "The Blind Assassin", ["Margaret Atwood"], 2000, []),
        ])
    }

    @Test("served on loopback through the networking plugin, each recording searches to exactly its works", .loadsNetworkingPlugin)
    func throughTheNetwork() async throws {
        for name in OpenLibraryFixtures.all {
            let server = try LoopbackHTTPServer(handler: OpenLibraryFixtures.handler(serving: name))
            defer { server.stop() }
            let catalogue = OpenLibraryCatalogue(
                baseURL: server.baseURL, clock: SystemClock(), fallback: InMemoryCatalogue(books: TestBooks.all), logger: .disabled
            )
            try await catalogue.prepare()
            let books = try await catalogue.search("anything", limit: 50)
            #expect(books == (try page(name).books), "\(name)")
            #expect(catalogue.source == .remote, "\(name)")
        }
    }

    @Test("a work seen only by the service is looked up by key and found; one the service lacks is not found", .loadsNetworkingPlugin)
    func lookupByKey() async throws {
        let server = try LoopbackHTTPServer(handler: OpenLibraryFixtures.handler(serving: OpenLibraryFixtures.mistborn2021))
        defer { server.stop() }
        let catalogue = OpenLibraryCatalogue(
            baseURL: server.baseURL, clock: SystemClock(), fallback: InMemoryCatalogue(books: TestBooks.all), logger: .disabled
        )
        try await catalogue.prepare()
        let game = try #require(BookID("OL24289089W"))
        let gone = try #require(BookID("OL1W"))
        let found = try await catalogue.books([game, gone, TestBooks.emma.id])
        #expect(found[game] == work("OL24289089W", "Mistborn Adventure Game", ["Brandon Sanderson", "Alex Flagg", "Patrick Kapera", "Crafty Games"], 2012, []))
        #expect(found[gone] == nil)
        #expect(found[TestBooks.emma.id] == TestBooks.emma)
        let queries = server.requestedTargets.compactMap { URLComponents(string: "http://x" + $0)?.queryItems?.first { $0.name == "q" }?.value }
        #expect(queries == ["key:/works/OL24289089W", "key:/works/OL1W"])
    }
}
