@testable import CampusLibrary
import Foundation
import Lifecycle
import Testing

@Suite("WindowModel")
@MainActor
struct WindowModelTests {
    @Test("two windows keep independent navigation and selection")
    func independentWindows() async throws {
        let app = try TestApp()
        try app.launch()
        let first = try app.connect()
        let second = try app.connect()
        first.search.updateQuery("austen")
        await app.settle()
        first.search.moveHighlight(by: 1)
        second.openBook(TestBooks.moby.id)
        await app.settle()
        #expect(first.selection == TestBooks.pride.id || first.selection == TestBooks.emma.id)
        #expect(second.selection == TestBooks.moby.id)
        #expect(first.topRoute == nil)
        #expect(second.topRoute == .book(TestBooks.moby.id))
        guard case .book(let record) = second.screen else {
            Issue.record("the second window should show a book record")
            return
        }
        #expect(record.record.value == TestBooks.moby)
    }

    @Test("with the planted shared search model, what one window searches and selects shows in every window")
    func plantedSharedSearch() async throws {
        let app = try TestApp(bugs: [.sharedSearchModel])
        try app.launch()
        let first = try app.connect()
        let second = try app.connect()
        #expect(first.search === second.search)
        first.search.updateQuery("austen")
        await app.settle()
        first.search.moveHighlight(by: 1)
        #expect(second.state.query == "austen")
        #expect(second.selection == first.selection)
    }

    @Test("each window is restored from its own session's payload on relaunch")
    func restoredOnRelaunch() async throws {
        let first = try TestApp()
        try first.launch()
        let one = try first.connect()
        let two = try first.connect()
        one.open(.notes(TestBooks.pride.id))
        two.search.updateQuery("dickens")
        await first.settle()
        two.search.select(TestBooks.expectations.id)
        try first.background()

        let sessions = first.keptSessions
        let second = try first.relaunch()
        try second.launch()
        var restored: [SceneSessionID: WindowModel] = [:]
        for session in sessions { restored[session.id] = try second.connect(session) }
        for window in restored.values { window.appear() }
        await second.settle()
        #expect(restored[one.sessionID]?.state == one.state)
        #expect(restored[two.sessionID]?.state == two.state)
        #expect(restored[two.sessionID]?.search.results.value?.isEmpty == false)
        #expect(restored[one.sessionID]?.recoveryMessage == nil)
    }

    @Test("a restored book that no longer exists gives a recovery message and a shorter path, never a crash")
    func deletedBookRecovers() async throws {
        let first = try TestApp()
        try first.launch()
        let window = try first.connect()
        window.openBook(TestBooks.moby.id)
        window.openNotes()
        try first.background()
        let session = try #require(first.keptSessions.first)

        let second = try first.relaunch(books: TestBooks.all.filter { $0 != TestBooks.moby })
        try second.launch()
        let restored = try second.connect(session)
        await second.settle()
        #expect(restored.navigation.path.isEmpty)
        #expect(restored.selection == nil)
        #expect(restored.recoveryMessage?.contains("melville-moby-dick") == true)
    }

    @Test("an unreadable payload starts a fresh window and says so")
    func unreadablePayload() async throws {
        let app = try TestApp()
        try app.launch()
        let window = try app.connect(SceneSession(restorationPayload: Data("garbage".utf8)))
        #expect(window.navigation.path.isEmpty)
        #expect(window.recoveryMessage == "This window could not be restored and was reset.")
    }

    @Test("a sign-in started on the profile screen completes after the screen is closed: it runs in the app's scope")
    func signInOutlivesItsScreen() async throws {
        let app = try TestApp()
        try app.launch()
        let window = try app.connect()
        window.openBook(TestBooks.pride.id)
        window.open(.profile)
        guard case .profile(let profile) = window.screen else {
            Issue.record("expected the profile screen")
            return
        }
        app.server.latency = .seconds(1)
        profile.signIn(username: "ada", password: "analytical")
        #expect(app.services.auth.isWorking)
        window.back()
        await app.advance(by: .seconds(2))
        #expect(app.services.auth.state.account?.username == "ada")
        #expect(!app.services.auth.isWorking)
    }

    @Test("a restored search waits until its window appears on screen")
    func restoredSearchIsLazy() async throws {
        let first = try TestApp()
        try first.launch()
        try first.connect().search.updateQuery("austen")
        try first.background()
        let session = try #require(first.keptSessions.first)
        let second = try first.relaunch()
        try second.launch()
        let restored = try second.connect(session)
        await second.settle()
        #expect(restored.search.query == "austen")
        #expect(restored.search.results.isLoading)
        restored.appear()
        await second.settle()
        #expect(Set(restored.search.results.value?.map(\.id) ?? []) == [TestBooks.pride.id, TestBooks.emma.id])
    }
}
