@testable import CampusLibrary
import Composition
import DurableState
import Lifecycle
import Testing

@Suite("AppComposition graph")
@MainActor
struct AppCompositionGraphTests {
    @Test("the app's graph validates: nothing missing, no cycle, no captive dependency")
    func validates() throws {
        let app = try TestApp()
        #expect(app.composition.root.problems.isEmpty)
        try app.composition.root.validate()
    }

    @Test("the ownership report says windows live per scene and screen models per screen")
    func ownership() throws {
        let app = try TestApp()
        let report = app.composition.ownershipReport
        let lifetimes = Dictionary(report.services.map { ($0.key.description, $0.lifetime) }, uniquingKeysWith: { first, _ in first })
        #expect(lifetimes["WindowModel"] == .scene)
        #expect(lifetimes["BookRecordViewModel"] == .screen)
        #expect(lifetimes["BorrowingBasket"] == .application)
        #expect(report.text.contains("WindowModel"))
    }

    @Test("a composition override replaces a production service for a test")
    func overrides() async throws {
        var overrides = Registry()
        overrides.register((any CatalogueService).self, value: InMemoryCatalogue(books: [TestBooks.moby]) as any CatalogueService)
        let app = try TestApp(overrides: overrides)
        try app.launch()
        let window = try app.connect()
        window.search.updateQuery("austen")
        await app.settle()
        #expect(window.search.results.value == [])
        window.search.updateQuery("moby")
        await app.settle()
        #expect(window.search.results.value == [TestBooks.moby])
    }

    @Test("each window has its own scene scope and each pushed screen a screen scope, closed when popped")
    func scopes() throws {
        let app = try TestApp()
        try app.launch()
        let one = try app.connect()
        let two = try app.connect()
        #expect(app.composition.binding.sceneScopes.count == 2)
        #expect(one !== two)
        one.openBook(TestBooks.pride.id)
        one.openNotes()
        let scene = try #require(app.runtime.scenes[one.sessionID])
        let sceneScope = try #require(app.composition.binding.services(for: scene))
        #expect(sceneScope.openChildren.count == 1)
        one.back()
        #expect(sceneScope.openChildren.count == 1)
        one.back()
        #expect(sceneScope.openChildren.isEmpty)
        try app.runtime.handle(.disconnectScene(two.sessionID))
        #expect(app.composition.binding.sceneScopes.count == 1)
    }
}
