@testable import CampusLibrary
import Lifecycle
import Testing

@Suite("SearchViewModel")
@MainActor
struct SearchViewModelTests {
    @Test("Return pressed while results load opens the first result once they arrive")
    func openWhileLoading() async throws {
        let slow = SlowSearchCatalogue(base: InMemoryCatalogue(books: TestBooks.all), clock: VirtualClock())
        let app = try TestApp(catalogue: slow)
        slow.clock = app.clock
        try app.launch()
        let window = try app.connect()
        window.search.updateQuery("melville")
        #expect(window.search.results.isLoading)
        window.search.openSelection()
        #expect(window.topRoute == nil)
        await app.advance(by: .milliseconds(500))
        #expect(window.topRoute == .book(TestBooks.moby.id))
    }

    @Test("typing again after Return cancels the pending open")
    func typingCancelsPendingOpen() async throws {
        let slow = SlowSearchCatalogue(base: InMemoryCatalogue(books: TestBooks.all), clock: VirtualClock())
        let app = try TestApp(catalogue: slow)
        slow.clock = app.clock
        try app.launch()
        let window = try app.connect()
        window.search.updateQuery("melville")
        window.search.openSelection()
        window.search.updateQuery("melvill")
        await app.advance(by: .milliseconds(500))
        #expect(window.topRoute == nil)
        #expect(window.search.results.value == [TestBooks.moby])
    }

    @Test("the selection follows the highlight and stays on its book when results change")
    func selectionFollowsHighlight() async throws {
        let app = try TestApp()
        try app.launch()
        let window = try app.connect()
        window.search.updateQuery("dickens")
        await app.settle()
        window.search.moveHighlight(by: 1)
        let first = try #require(window.selection)
        window.search.moveHighlight(by: 1)
        #expect(window.selection != first)
        window.search.moveHighlight(by: 5)
        #expect(window.search.highlightedIndex == 1)
        window.search.updateQuery("dickens great")
        await app.settle()
        #expect(window.search.results.value == [TestBooks.expectations])
    }
}
