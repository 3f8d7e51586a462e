@testable import CampusLibrary
import DurableState
import Lifecycle
import Testing

@Suite("TerminalShell")
@MainActor
struct TerminalShellTests {
    func type(_ text: String, into shell: TerminalShell) {
        for character in text { shell.handle(.character(character)) }
    }

    @Test("the first frame is the launch placeholder while the session is verified, never signed-out UI")
    func launchPlaceholderFirst() async throws {
        let app = try TestApp()
        app.server.latency = .milliseconds(300)
        try app.secrets.setSecret(Secret("token-9"), for: SessionTokenStore.key)
        let manager = FakeWindowManager(app: app)
        let shell = TerminalShell(composition: app.composition, windows: manager)
        try app.launch()
        manager.openWindow(.none)
        let first = shell.render(size: .standard)
        #expect(first == LaunchPlaceholderView.render(size: .standard))
        #expect(!first.text.contains("signed out"))
        shell.handle(.control("n"))
        #expect(manager.windowIDs.count == 1, "keys other than quit and suspend wait for the gate")
        await app.advance(by: .milliseconds(300))
        #expect(shell.render(size: .standard).text.contains("signed out"))
    }

    @Test("a paste goes into a text field whole; on a screen without one its letters are not commands")
    func paste() async throws {
        let app = try TestApp()
        let manager = FakeWindowManager(app: app)
        let shell = TerminalShell(composition: app.composition, windows: manager)
        try app.launch()
        manager.openWindow(.none)
        shell.handle(.paste("dick"))
        shell.handle(.paste(""))
        await app.settle()
        let window = try #require(shell.activeWindow)
        #expect(window.search.query == "dick")
        shell.handle(.enter)
        await app.settle()
        guard case .book = window.screen else { throw TestFailure("Return did not open a book: \(window.screen)") }
        shell.handle(.paste("anr"))
        await app.settle()
        #expect(app.services.basket.items.isEmpty, "a pasted 'a' adds nothing to the basket")
        guard case .book = window.screen else { throw TestFailure("a pasted 'n' opened \(window.screen)") }
        shell.handle(.character("n"))
        await app.settle()
        shell.handle(.paste("two words"))
        guard case .notes(let editor) = window.screen else { throw TestFailure("n did not open the notes") }
        #expect(editor.text == "two words")
    }

    @Test("typing searches, arrows select and Return opens the book record")
    func searchAndOpen() async throws {
        let app = try TestApp()
        let manager = FakeWindowManager(app: app)
        let shell = TerminalShell(composition: app.composition, windows: manager)
        try app.launch()
        manager.openWindow(.none)
        type("dick", into: shell)
        await app.settle()
        let results = shell.render(size: .standard).text
        #expect(results.contains("Search: dick"))
        #expect(results.contains("Great Expectations"))
        shell.handle(.down)
        shell.handle(.down)
        let selected = try #require(shell.activeWindow?.selection)
        shell.handle(.enter)
        await app.settle()
        let record = shell.render(size: .standard)
        #expect(record.lines[0].contains("Book"))
        #expect(shell.activeWindow?.topRoute == .book(selected))
        #expect(record.text.contains("first published 18"))
    }

    @Test("notes typed on the book's note screen show the save indicator, saved after the debounce")
    func noteIndicator() async throws {
        let app = try TestApp()
        let manager = FakeWindowManager(app: app)
        let shell = TerminalShell(composition: app.composition, windows: manager)
        try app.launch()
        manager.openWindow(.none)
        shell.activeWindow?.openBook(TestBooks.moby.id)
        shell.handle(.character("n"))
        type("Call me Ishmael", into: shell)
        #expect(shell.render(size: .standard).text.contains("… saving"))
        await app.advance(by: .milliseconds(300))
        let frame = shell.render(size: .standard)
        #expect(frame.text.contains("✓ saved"))
        #expect(frame.text.contains("Call me Ishmael"))
        #expect(frame.cursor != nil)
    }

    @Test("windows open, switch with Tab and through the switcher, and close")
    func windowManagement() async throws {
        let app = try TestApp()
        let manager = FakeWindowManager(app: app)
        let shell = TerminalShell(composition: app.composition, windows: manager)
        try app.launch()
        manager.openWindow(.none)
        shell.handle(.control("n"))
        #expect(manager.windowIDs.count == 2)
        #expect(shell.render(size: .standard).lines[0].contains("Window 2/2"))
        shell.handle(.tab)
        #expect(manager.activeWindowID == manager.windowIDs[0])
        shell.handle(.control("o"))
        #expect(shell.render(size: .standard).text.contains("(current)"))
        shell.handle(.down)
        shell.handle(.enter)
        #expect(manager.activeWindowID == manager.windowIDs[1])
        shell.handle(.control("x"))
        #expect(manager.windowIDs.count == 1)
        #expect(shell.render(size: .standard).lines[0].contains("Window 1/1"))
    }

    @Test("the keys of each screen and the global keys are shown, and help lists them all")
    func keysShown() async throws {
        let app = try TestApp()
        let manager = FakeWindowManager(app: app)
        let shell = TerminalShell(composition: app.composition, windows: manager)
        try app.launch()
        manager.openWindow(.none)
        let frame = shell.render(size: .standard)
        #expect(frame.lines[22].contains("⏎ open book"))
        #expect(frame.lines[23].hasSuffix("^G help  ^C quit"))
        shell.handle(.control("g"))
        #expect(shell.render(size: .standard).text.contains("Campus Library — keys"))
        shell.handle(.character("z"))
        #expect(shell.overlay == nil)
    }

    @Test("signing in from the profile form; the password is never drawn")
    func signInForm() async throws {
        let app = try TestApp()
        let manager = FakeWindowManager(app: app)
        let shell = TerminalShell(composition: app.composition, windows: manager)
        try app.launch()
        manager.openWindow(.none)
        shell.handle(.control("p"))
        type("grace", into: shell)
        shell.handle(.enter)
        type("cobol1959", into: shell)
        #expect(!shell.render(size: .standard).text.contains("cobol1959"))
        #expect(shell.render(size: .standard).text.contains("Password: •••••••••"))
        shell.handle(.enter)
        await app.settle()
        #expect(app.services.auth.state.account?.username == "grace")
        #expect(shell.render(size: .standard).text.contains("Signed in as Grace"))
    }

    @Test("Ctrl-C quits and Ctrl-Z suspends through the window manager")
    func quitAndSuspend() throws {
        let app = try TestApp()
        let manager = FakeWindowManager(app: app)
        let shell = TerminalShell(composition: app.composition, windows: manager)
        shell.handle(.control("z"))
        shell.handle(.control("c"))
        #expect(manager.suspended == 1)
        #expect(manager.quitRequested)
    }

    /// A launched app with one window on screen, its shell (whose window manager it holds weakly:
    /// returned too, to keep it), and the window: the search typed as one run of `query`, the
    /// first result opened, then `keys` typed as one run on the book.
    func bookTyped(_ query: String, then keys: String) async throws -> (TestApp, TerminalShell, FakeWindowManager, WindowModel) {
        let app = try TestApp()
        let manager = FakeWindowManager(app: app)
        let shell = TerminalShell(composition: app.composition, windows: manager)
        try app.launch()
        manager.openWindow(.none)
        await app.settle()
        shell.type(query)
        await app.settle()
        let window = try #require(shell.activeWindow)
        #expect(window.search.query == query)
        shell.handle(.enter)
        await app.settle()
        shell.type(keys)
        await app.settle()
        return (app, shell, manager, window)
    }

    @Test("characters read together reach a text field as one run; on a screen of commands each is its key, then the rest is typed")
    func typedRun() async throws {
        let (_, _, _, window) = try await bookTyped("dick", then: "nCall me Ishmael")
        guard case .notes(let editor) = window.screen else { throw TestFailure("n did not open the notes: \(window.screen)") }
        #expect(editor.text == "Call me Ishmael")
    }

    @Test("Ctrl-S saves the note at once; Esc dismisses a notice before it goes back")
    func saveNowAndNotices() async throws {
        let (app, shell, manager, window) = try await bookTyped("dick", then: "nCall me")
        guard case .notes(let editor) = window.screen else { throw TestFailure("no note editor: \(window.screen)") }
        #expect(editor.draft.saveState == .pending)
        shell.handle(.control("s"))
        await app.settle()
        #expect(editor.draft.saveState == .saved, "saved without waiting for the debounce")

        app.services.notices.post("Your settings were damaged.")
        #expect(shell.render(size: .standard).text.contains("Your settings were damaged. (Esc: dismiss)"))
        shell.handle(.escape)
        #expect(app.services.notices.current == nil)
        guard case .notes = window.screen else { throw TestFailure("Esc went back instead of dismissing the notice") }
        withExtendedLifetime(manager) {}
    }
}
