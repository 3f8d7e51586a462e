@testable import CampusLibrary
import Lifecycle
import LifelineTestSupport
import Testing

@Suite("BorrowingBasket")
@MainActor
struct BorrowingBasketTests {
    @Test("no basket record exists until something is added")
    func noRecordUntilNonEmpty() async throws {
        let app = try TestApp()
        try app.launch()
        try app.connect()
        try app.background()
        await app.advance(by: .seconds(1))
        #expect(app.server.basketCount == 0)
        #expect(app.services.basket.recordID == nil)
    }

    @Test("the basket is saved as an idempotent whole replacement and hydrated with catalogue titles")
    func savedAndHydrated() async throws {
        let first = try TestApp()
        try first.launch()
        first.services.basket.add(TestBooks.moby)
        first.services.basket.add(TestBooks.emma)
        first.services.basket.add(TestBooks.emma)
        await first.advance(by: .milliseconds(300))
        let id = BasketID(try #require(first.services.basket.recordID))
        #expect(try await first.server.basket(id) == [TestBooks.moby.id, TestBooks.emma.id])
        first.services.basket.flushPendingWrites()
        await first.settle()
        #expect(first.server.basketCount == 1)

        let second = try first.relaunch()
        try second.launch()
        await second.settle()
        #expect(second.services.basket.items.map(\.book) == [TestBooks.moby, TestBooks.emma])
    }

    @Test("hydration waits for the catalogue: lines are resolved only after it has loaded")
    func hydrationAfterCatalogue() async throws {
        let first = try TestApp()
        try first.launch()
        first.services.basket.add(TestBooks.pride)
        first.services.basket.flushPendingWrites()
        await first.settle()

        let slow = SlowCatalogue(base: InMemoryCatalogue(books: TestBooks.all), clock: first.clock)
        let second = try first.relaunch(catalogue: slow)
        try second.launch()
        await second.settle()
        #expect(!second.services.catalogue.isLoaded)
        #expect(!second.services.basket.isHydrated)
        #expect(second.services.basket.items.isEmpty)
        await second.advance(by: .seconds(2))
        #expect(second.services.basket.items.map(\.book.title) == ["Pride and Prejudice"])
    }

    @Test("a stale basket identifier is forgotten and a new record is created on the next change")
    func staleIdentifierForgotten() async throws {
        let first = try TestApp()
        try first.launch()
        first.services.basket.add(TestBooks.pride)
        first.services.basket.flushPendingWrites()
        await first.settle()
        let old = BasketID(try #require(first.services.basket.recordID))
        first.server.deleteBasket(old)

        let second = try first.relaunch()
        try second.launch()
        await second.settle()
        #expect(second.services.basket.isHydrated)
        #expect(second.services.basket.items.isEmpty)
        #expect(second.services.basket.recordID == nil)
        second.services.basket.add(TestBooks.moby)
        second.services.basket.flushPendingWrites()
        await second.settle()
        let new = BasketID(try #require(second.services.basket.recordID))
        #expect(new != old)
    }

    @Test("a failed save is logged and not surfaced; the basket keeps working")
    func failedSaveLogged() async throws {
        let app = try TestApp()
        try app.launch()
        app.server.isReachable = false
        app.services.basket.add(TestBooks.pride)
        app.services.basket.flushPendingWrites()
        await app.settle()
        #expect(app.services.basket.items.map(\.book) == [TestBooks.pride])
        #expect(app.logLines(atLeast: .error).contains { $0.contains("Saving 'basket' failed") })
        app.server.isReachable = true
        app.services.basket.flushPendingWrites()
        await app.settle()
        #expect(app.server.basketCount == 1)
    }

    @Test("changes made before hydration are reported to a simulation's history once, as the basket they merge into")
    func earlyChangesReported() async throws {
        let app = try TestApp()
        let history = RecordingHistory()
        let logger = app.services.logger
        let catalogue = LibraryCatalogue(service: InMemoryCatalogue(books: TestBooks.all), clock: app.clock, logger: logger)
        let basket = BorrowingBasket(
            repository: app.server, catalogue: catalogue, preferences: app.services.preferences, runtime: app.runtime,
            logger: logger, history: history
        )
        basket.add(TestBooks.pride)
        basket.add(TestBooks.emma)
        basket.remove(TestBooks.pride.id)
        #expect(history.log.isEmpty, "what the early changes mean is known only once the saved basket is read")
        await catalogue.load()
        await basket.hydrate()
        #expect(history.log == [#"edit basket = "austen-emma" (durable)"#])
        #expect(basket.historyText == "austen-emma")
    }

    @Test("nothing is written before hydration, so an empty basket never overwrites a saved one")
    func hydrationGuard() async throws {
        let first = try TestApp()
        try first.launch()
        first.services.basket.add(TestBooks.pride)
        first.services.basket.flushPendingWrites()
        await first.settle()
        let id = BasketID(try #require(first.services.basket.recordID))

        let slow = SlowCatalogue(base: InMemoryCatalogue(books: TestBooks.all), clock: first.clock)
        let second = try first.relaunch(catalogue: slow)
        try second.launch()
        try second.connect()
        try second.background()
        second.services.basket.flushPendingWrites()
        await second.settle()
        #expect(try await first.server.basket(id) == [TestBooks.pride.id])
    }

    @Test("a book dropped from the catalogue is dropped from the basket when it hydrates")
    func droppedBookRemoved() async throws {
        let first = try TestApp()
        try first.launch()
        first.services.basket.add(TestBooks.pride)
        first.services.basket.add(TestBooks.moby)
        first.services.basket.flushPendingWrites()
        await first.settle()
        let second = try first.relaunch(books: TestBooks.all.filter { $0 != TestBooks.moby })
        try second.launch()
        await second.settle()
        #expect(second.services.basket.items.map(\.book) == [TestBooks.pride])
    }
}
