@testable import CampusLibrary
import Lifecycle
import Testing

@Suite("Book rows and records")
@MainActor
struct CatalogueRenderingTests {
    let game = Book(
        id: BookID(validated: "OL24289089W"), title: "Mistborn Adventure Game",
        authors: ["Brandon Sanderson", "Alex Flagg", "Patrick Kapera", "Crafty Games"], year: 2012, subjects: []
    )

    @Test("a byline that fits is shown whole")
    func fits() {
        #expect(TextLayout.byline(of: TestBooks.emma, width: 80) == "Emma — Jane Austen (1815)")
    }

    @Test("a long author list is cut before the year, which stays on the line")
    func authorsCutFirst() {
        let row = TextLayout.byline(of: game, width: 60)
        #expect(row == "Mistborn Adventure Game — Brandon Sanderson, Alex Fl… (2012)")
        #expect(row.count == 60)
    }

    @Test("with no room for authors worth reading, the title is kept (cut if need be) with the year")
    func titleAndYear() {
        #expect(TextLayout.byline(of: game, width: 36) == "Mistborn Adventure Game (2012)")
        #expect(TextLayout.byline(of: game, width: 20) == "Mistborn Adv… (2012)")
        #expect(TextLayout.byline(of: game, width: 5) == "Mist…")
    }

    @Test("search rows keep the year of a four-author work on an 80-column screen")
    func searchRow() {
        let rows = SearchView.rows([game], highlighted: 0, width: 50, height: 5)
        #expect(rows == [" ▸ Mistborn Adventure Game — Brandon Sande… (2012)"])
    }

    @Test("a record without subjects has no empty subjects line; one with subjects lists them")
    func subjectsLine() async throws {
        let app = try TestApp(books: TestBooks.all + [game])
        try app.launch()
        let window = try app.connect()
        window.openBook(game.id)
        await app.settle()
        guard case .book(let model) = window.screen else { throw TestFailure("no book screen") }
        let lines = BookRecordView.render(model, width: 80, height: 20)
        #expect(lines.contains(" by Brandon Sanderson, Alex Flagg, Patrick Kapera, Crafty Games"))
        #expect(!lines.contains { $0.contains("subjects:") })
        window.openBook(TestBooks.emma.id)
        await app.settle()
        guard case .book(let emma) = window.screen else { throw TestFailure("no book screen") }
        #expect(BookRecordView.render(emma, width: 80, height: 20).contains(" subjects: Matchmaking; England"))
    }
}
