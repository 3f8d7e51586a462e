@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import Testing

/// Windows on books only the remote catalogue knows, relaunched while it cannot answer: the
/// window keeps its restorable state, says the book will load, and loads it once the catalogue
/// answers again. Only a definite answer removes a book. On a virtual clock, with a scripted
/// transport (the socket path is covered by the loopback and end-to-end tests).
@Suite("Window restoration while the remote catalogue cannot answer")
@MainActor
struct RemoteRestorationTests {
    let game = BookID(validated: "OL24289089W")
    let transport = ScriptedHTTPTransport(ScriptedHTTPTransport.serving(OpenLibraryFixtures.mistborn2021))
    nonisolated static let refused = ScriptedHTTPTransport.Step.fail(.failed("URL error -1004"))

    func catalogue(_ clock: VirtualClock) -> OpenLibraryCatalogue {
        OpenLibraryCatalogue(
            baseURL: URL(string: "http://catalogue.test")!, transport: transport, clock: clock,
            fallback: InMemoryCatalogue(books: TestBooks.all), logger: .disabled
        )
    }

    /// A first incarnation with one window on the remote book (and its notes under it: the path
    /// and the selection both hold the identifier), then put in the background.
    func windowOnRemoteBook() async throws -> (app: TestApp, session: SceneSession, state: WindowState) {
        let clock = VirtualClock()
        let app = try TestApp(clock: clock, catalogue: catalogue(clock))
        try app.launch()
        let window = try app.connect()
        window.search.updateQuery("mistborn")
        await app.advance(by: .milliseconds(250))
        window.openBook(game)
        await app.settle()
        guard case .book(let record) = window.screen, record.record.value?.title == "Mistborn Adventure Game" else {
            throw TestFailure("the remote book did not open")
        }
        try app.background()
        let session = try #require(app.keptSessions.first)
        return (app, session, window.state)
    }

    func relaunch(_ first: TestApp, session: SceneSession) async throws -> (app: TestApp, window: WindowModel) {
        let app = try first.relaunch(catalogue: catalogue(first.clock))
        try app.launch()
        let window = try app.connect(session)
        window.appear()
        await app.settle()
        return (app, window)
    }

    func record(of window: WindowModel) -> LoadState<Book>? {
        if case .book(let model) = window.screen { return model.record }
        return nil
    }

    @Test("relaunched while the catalogue cannot answer, the window keeps its state and payload and says the book will load")
    func outageAtLaunch() async throws {
        let (first, session, state) = try await windowOnRemoteBook()
        transport.answer { _ in Self.refused }
        let (second, window) = try await relaunch(first, session: session)

        #expect(window.state == state)
        #expect(window.recoveryMessage == nil)
        #expect(record(of: window)?.isUnavailable == true)
        let payload = try #require(window.restorationPayload())
        #expect(WindowState.restoration.restore(from: payload).state == state, "written back unchanged")
        let frame = try render(window, in: second)
        #expect(frame.contains(BookRecordView.unavailableMessage))
        #expect(frame.contains("offline — showing the library's own catalogue"))
        #expect(!frame.contains("no longer in the catalogue"))

        try second.background()
        transport.answer(ScriptedHTTPTransport.serving(OpenLibraryFixtures.mistborn2021))
        let (third, again) = try await relaunch(second, session: try #require(second.keptSessions.first))
        #expect(again.state == state)
        #expect(record(of: again)?.value?.authors == ["Brandon Sanderson", "Alex Flagg", "Patrick Kapera", "Crafty Games"])
        #expect(third.services.catalogue.statusMessage == nil)
    }

    enum Recovery: String, CaseIterable, CustomTestStringConvertible {
        case backoffEnds, foreground, anotherRequestSucceeds
        var testDescription: String { rawValue }
    }

    /// When the catalogue will ask the service again.
    func retryAt(_ app: TestApp) throws -> LifelineInstant {
        guard case .offline(let retryAt) = app.services.catalogue.source else { throw TestFailure("the catalogue is not offline") }
        return retryAt
    }

    @Test("while the app stays open, the book loads by itself once the catalogue answers again", arguments: Recovery.allCases)
    func loadsWhenBack(_ recovery: Recovery) async throws {
        let (first, session, state) = try await windowOnRemoteBook()
        transport.answer { _ in Self.refused }
        let (app, window) = try await relaunch(first, session: session)
        #expect(record(of: window)?.isUnavailable == true)
        transport.answer(ScriptedHTTPTransport.serving(OpenLibraryFixtures.mistborn2021))
        let retryAt = try retryAt(app)
        await app.advance(by: app.clock.now.duration(to: retryAt) - .milliseconds(1))
        #expect(record(of: window)?.isUnavailable == true, "nothing asks again before the backoff ends")

        switch recovery {
        case .backoffEnds:
            await app.advance(by: .milliseconds(1))
        case .foreground:
            try app.background()
            try app.runtime.handle(.moveScene(window.sessionID, to: .foregroundActive))
            await app.settle()
        case .anotherRequestSucceeds:
            // Another window's search is the first request to reach the service again.
            app.services.catalogue.service.retryRemoteNow()
            let other = try app.connect()
            other.search.updateQuery("mistborn")
            await app.advance(by: .milliseconds(250))
        }
        #expect(record(of: window)?.value?.title == "Mistborn Adventure Game", "\(recovery)")
        #expect(window.state == state)
        #expect(app.services.catalogue.statusMessage == nil)
    }

    @Test("an outage that outlasts the retries keeps asking, each wait twice the last, and keeps the window as it was")
    func keepsRetrying() async throws {
        let (first, session, state) = try await windowOnRemoteBook()
        transport.answer { _ in Self.refused }
        let (app, window) = try await relaunch(first, session: session)
        var waits: [Duration] = []
        for _ in 0..<4 {
            let asked = transport.requests.count
            let wait = app.clock.now.duration(to: try retryAt(app))
            await app.advance(by: wait - .milliseconds(1))
            #expect(transport.requests.count == asked, "not asked during the backoff")
            await app.advance(by: .milliseconds(1))
            #expect(transport.requests.count == asked + 1, "asked once when it ends")
            waits.append(wait)
        }
        #expect(zip(waits, waits.dropFirst()).allSatisfy { $1 == $0 * 2 }, "\(waits)")
        #expect(window.state == state)
        #expect(record(of: window)?.isUnavailable == true)
        #expect(window.recoveryMessage == nil)
    }

    @Test("a definite answer — the service no longer has the work — still removes it, with a recovery message")
    func deletedRemoteBook() async throws {
        let (first, session, _) = try await windowOnRemoteBook()
        transport.answer(ScriptedHTTPTransport.serving(OpenLibraryFixtures.twitterAndTearGas2024))
        let (_, window) = try await relaunch(first, session: session)
        #expect(window.navigation.path.isEmpty)
        #expect(window.selection == nil)
        #expect(window.recoveryMessage?.contains("OL24289089W") == true)
    }

    func render(_ window: WindowModel, in app: TestApp) throws -> String {
        WindowView.render(window, services: app.services, chrome: WindowView.Chrome(position: 1, count: 1), size: .standard).text
    }
}
