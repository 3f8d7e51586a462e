@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import Testing

@Suite("AppComposition")
@MainActor
struct AppCompositionTests {
    @Test("startup is ordered: session restore, then catalogue, then basket")
    func orderedStartup() async throws {
        let app = try TestApp()
        app.server.latency = .milliseconds(100)
        try app.secrets.setSecret(Secret("stale"), for: SessionTokenStore.key)
        try app.launch()
        #expect(app.services.auth.isRestoringSession)
        #expect(!app.services.catalogue.isLoaded)
        #expect(!app.services.basket.isHydrated)
        await app.advance(by: .milliseconds(100))
        #expect(!app.services.auth.isRestoringSession)
        #expect(app.services.catalogue.isLoaded)
        #expect(app.services.basket.isHydrated)
    }

    @Test("a pending note edit is written when its window resigns active, before any debounce")
    func flushOnInactive() async throws {
        let app = try TestApp()
        try app.launch()
        let window = try app.connect()
        window.openBook(TestBooks.emma.id)
        window.openNotes()
        guard case .notes(let editor) = window.screen else {
            Issue.record("expected the note editor")
            return
        }
        editor.type("Mr Knightley")
        #expect(editor.draft.saveState == .pending)
        try app.runtime.handle(.moveScene(window.sessionID, to: .foregroundInactive))
        #expect(editor.draft.saveState == .saved)
        #expect(app.fileSystem.writeCount("/data/notes/austen-emma.json") == 1)
    }

    @Test("a note typed in one window is what another window shows for the same book")
    func notesSharedAcrossWindows() async throws {
        let app = try TestApp()
        try app.launch()
        let one = try app.connect()
        let two = try app.connect()
        one.open(.notes(TestBooks.moby.id))
        two.openBook(TestBooks.moby.id)
        guard case .notes(let editor) = one.screen, case .book(let record) = two.screen else {
            Issue.record("unexpected screens")
            return
        }
        editor.type("Call me Ishmael")
        #expect(record.noteText == "Call me Ishmael")
    }

    @Test("a memory warning purges the catalogue cache")
    func memoryWarningPurges() async throws {
        let app = try TestApp()
        try app.launch()
        let window = try app.connect()
        window.search.updateQuery("austen")
        await app.settle()
        #expect(app.services.catalogue.cachedCount > 0)
        try app.runtime.handle(.memoryWarning)
        #expect(app.services.catalogue.cachedCount == 0)
        #expect(app.logLines().contains { $0.contains("purged") })
    }

    @Test("entering the background submits the new-arrivals refresh; a grant refreshes the shelf and completes")
    func backgroundRefresh() async throws {
        let catalogue = InMemoryCatalogue(books: TestBooks.all)
        let app = try TestApp(catalogue: catalogue)
        try app.launch()
        try app.connect()
        #expect(app.services.arrivals.books.count == 5, "the first launch fills the shelf at once")
        try app.background()
        let request = try #require(app.host.submitted.last)
        #expect(request.identifier == NewArrivalsService.taskIdentifier)
        #expect(request.earliestBegin.map { $0 > app.clock.now } == true)
        let arrival = TestBooks.book("walton-angler", "The Compleat Angler", "Izaak Walton", 1653, ["Fishing"])
        catalogue.add([arrival])
        try app.runtime.handle(.runBackgroundTask(identifier: NewArrivalsService.taskIdentifier))
        await app.settle()
        #expect(app.services.arrivals.books.first == arrival)
        #expect(app.runtime.runningTasks.isEmpty)
        #expect(app.services.preferences[.newArrivals] == app.services.arrivals.books.map(\.id))
    }

    @Test("an expiring refresh stops its work and completes the task")
    func refreshExpiration() async throws {
        let catalogueClock = VirtualClock()
        let slow = SlowCatalogue(base: InMemoryCatalogue(books: TestBooks.all), clock: catalogueClock)
        let app = try TestApp(catalogue: slow)
        try app.launch(LaunchOptions(reason: .backgroundTask(NewArrivalsService.taskIdentifier)))
        try app.runtime.handle(.runBackgroundTask(identifier: NewArrivalsService.taskIdentifier))
        let task = try #require(app.runtime.runningTasks[NewArrivalsService.taskIdentifier])
        try app.runtime.handle(.expireBackgroundTask(identifier: NewArrivalsService.taskIdentifier))
        #expect(task.completion == false)
        #expect(app.runtime.runningTasks.isEmpty)

        catalogueClock.advance(by: .seconds(1))
        await app.settle()
        #expect(app.services.catalogue.isLoaded)
        #expect(task.completion == false, "the expired task stays unsuccessful once the catalogue loads")
    }

    @Test("a deep link at connection opens the book in that window")
    func linkAtConnect() async throws {
        let app = try TestApp()
        try app.launch()
        let url = try #require(URL(string: "campuslibrary://book/shelley-frankenstein"))
        let window = try app.connect(options: ConnectionOptions(urls: [url]))
        await app.settle()
        #expect(window.topRoute == .book(TestBooks.frankenstein.id))
        #expect(window.selection == TestBooks.frankenstein.id)
    }

    @Test("a link to a book not in the catalogue is taken back, with a message, and reported as the app's change")
    func linkToMissingBook() async throws {
        let app = try TestApp()
        try app.launch()
        let window = try app.connect()
        await app.settle()
        window.openBook(TestBooks.emma.id)
        var appChanges: [WindowState] = []
        window.onAppChange = { window, _ in appChanges.append(window.state) }
        let url = try #require(URL(string: "campuslibrary://book/no-such-book"))
        try app.runtime.handle(.openURLs([url], in: window.sessionID))
        await app.settle()
        #expect(window.topRoute == nil)
        #expect(window.selection == nil)
        #expect(window.recoveryMessage == "“no-such-book” is not in the catalogue.")
        #expect(appChanges.last == window.state)
    }

    @Test("a universal link while running opens in the current window; ?window=new asks for a new window")
    func linksWhileRunning() async throws {
        let app = try TestApp()
        try app.launch()
        let window = try app.connect()
        let here = try #require(URL(string: "https://campuslibrary.example/book/austen-emma"))
        try app.runtime.handle(.continueActivity(.universalLink(here), in: window.sessionID))
        #expect(window.topRoute == .book(TestBooks.emma.id))
        let elsewhere = try #require(URL(string: "campuslibrary://book/austen-pride?window=new"))
        try app.runtime.handle(.openURLs([elsewhere], in: window.sessionID))
        #expect(window.topRoute == .book(TestBooks.emma.id))
        #expect(app.host.activationRequests == [ConnectionOptions(urls: [elsewhere])])
    }

    @Test("analytics record nothing before consent and only event names after it")
    func analyticsAfterConsent() async throws {
        let app = try TestApp()
        try app.launch()
        let window = try app.connect()
        window.search.updateQuery("austen")
        window.openBook(TestBooks.pride.id)
        await app.settle()
        #expect(app.analyticsSink.events.isEmpty)
        app.services.analytics.setConsent(true)
        window.back()
        window.openBook(TestBooks.emma.id)
        await app.settle()
        #expect(app.analyticsSink.events == [.openedBook])
        app.services.analytics.setConsent(false)
        window.back()
        window.openBook(TestBooks.pride.id)
        await app.settle()
        #expect(app.analyticsSink.events == [.openedBook])
    }

    @Test("offline, the app keeps working on local data: search, notes and the basket")
    func offline() async throws {
        let app = try TestApp()
        app.server.isReachable = false
        try app.launch()
        let window = try app.connect()
        window.search.updateQuery("melville")
        await app.settle()
        #expect(window.search.results.value?.first == TestBooks.moby)
        window.open(.notes(TestBooks.moby.id))
        guard case .notes(let editor) = window.screen else {
            Issue.record("expected the note editor")
            return
        }
        editor.type("offline thoughts")
        editor.draft.flush()
        #expect(editor.draft.saveState == .saved)
        app.services.basket.add(TestBooks.moby)
        #expect(app.services.basket.contains(TestBooks.moby.id))
    }
}
