@testable import CampusLibrary
import Foundation
import Testing

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
