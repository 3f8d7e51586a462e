@testable import CampusLibrary
import Foundation
import Testing

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
        #expect(try await catalogue.newArrivals(limit: 2) == [TestBooks.moby, TestBooks.expectations])
        catalogue.add([TestBooks.pride])
        #expect(try await catalogue.newArrivals(limit: 2) == [TestBooks.pride, TestBooks.moby])
    }

    @Test("a copy has the same records, arrivals included, and changes on its own")
    func copies() async throws {
        let template = InMemoryCatalogue(books: TestBooks.all)
        let copy = InMemoryCatalogue(copying: template)
        try await copy.prepare()
        try await template.prepare()
        #expect(try await copy.search("austen", limit: 5) == template.search("austen", limit: 5))
        copy.remove([TestBooks.frankenstein.id])
        #expect(try await copy.newArrivals(limit: 1) == [TestBooks.moby])
        #expect(try await template.newArrivals(limit: 1) == [TestBooks.frankenstein])
    }
}
