@testable import CampusLibrary
import Foundation
import Lifecycle
import Testing

/// The app searching a remote catalogue on a real loopback socket (through the networking plugin
/// and URLSession) that misbehaves in every way the issue lists. For each: what the screen says,
/// and whether the app fell back to its own catalogue. Time is virtual, so the 10 s deadline
/// costs no real time.
@Suite("Remote catalogue failures on loopback", .loadsNetworkingPlugin)
@MainActor
struct OpenLibraryFailureTests {
    /// One way for the service to answer, and what the student sees then.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// The server's answer; `nil` for a port nobody listens on (connection refused).
        let reply: LoopbackHTTPServer.Reply?
        /// Whether the answer only comes after the deadline (the test then advances the clock). The
        /// request then goes to a transport that never answers: on the loopback socket the race
        /// between the virtual deadline and URLSession's own idle timeout depends on how busy the
        /// machine is (the real-clock test below covers a silent server on a real socket).
        var answersLate = false
        /// Texts the search screen shows.
        let screen: [String]
        /// Whether the app fell back to the bundled catalogue.
        let fellBack: Bool
        /// What the remote catalogue's log says went wrong.
        let logged: String

        var testDescription: String { name }
    }

    nonisolated static let offline = " ⚠ offline — showing the library's own catalogue"
    nonisolated static let local = ["Search: melville", " 1 result", "Moby-Dick; or, The Whale — Herman Melville (1851)", offline]

    nonisolated static let cases: [Case] = {
        let recorded = (try? OpenLibraryFixtures.data(OpenLibraryFixtures.mistborn2021)) ?? Data()
        let html = Data("<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>\n".utf8)
        let oversized = Data(("{\"numFound\": 1, \"docs\": [], \"padding\": \"" + String(repeating: "x", count: 2 << 20) + "\"}").utf8)
        return [
            Case(
                name: "a recorded page", reply: .json(recorded),
                screen: ["15 results", "Mistborn Trilogy — Brandon Sanderson (2001)"], fellBack: false, logged: ""
            ),
            Case(name: "HTTP 503", reply: .init(status: 503, body: Data("{}".utf8)), screen: local, fellBack: true, logged: "HTTP status 503"),
            Case(name: "an HTML error page", reply: .init(contentType: "text/html", body: html), screen: local, fellBack: true, logged: "not JSON"),
            Case(
                name: "malformed JSON", reply: .json(Data(#"{"numFound": 1, "docs": "none"}"#.utf8)), screen: local, fellBack: true,
                logged: "a field of the wrong type"
            ),
            Case(
                name: "truncated JSON", reply: .json(recorded.prefix(recorded.count / 2)), screen: local, fellBack: true,
                logged: "invalid or truncated JSON"
            ),
            Case(
                name: "a reset mid-body", reply: .init(body: recorded, ending: .resetAfter(bytes: 20_000)), screen: local, fellBack: true,
                logged: "no connection (URL error"
            ),
            Case(name: "an oversized body", reply: .json(oversized), screen: local, fellBack: true, logged: "larger than 1048576 bytes"),
            Case(
                name: "an oversized body of unstated length", reply: .init(body: oversized, statesLength: false), screen: local,
                fellBack: true, logged: "larger than 1048576 bytes"
            ),
            Case(name: "connection refused", reply: nil, screen: local, fellBack: true, logged: "no connection (URL error"),
            Case(
                name: "no answer within 10 s", reply: .json(recorded), answersLate: true, screen: local,
                fellBack: true, logged: "no answer within 10.0 seconds"
            ),
        ]
    }()

    @Test("each failure falls back to the bundled catalogue and says so; a good page shows the service's works", arguments: cases)
    func search(_ test: Case) async throws {
        let server = try LoopbackHTTPServer(always: test.reply ?? .json(Data()))
        defer { server.stop() }
        if test.reply == nil { server.stop() }  // nobody listens: connections are refused
        let clock = VirtualClock()
        let logs = MemoryLogSink()
        let catalogue = OpenLibraryCatalogue(
            baseURL: server.baseURL, transport: test.answersLate ? ScriptedHTTPTransport(always: .hang) : PluginHTTPTransport(),
            clock: clock, fallback: InMemoryCatalogue(books: TestBooks.all),
            logger: LifelineLogger(category: "test", sink: logs, minimumLevel: .debug)
        )
        let app = try TestApp(clock: clock, catalogue: catalogue)
        let manager = FakeWindowManager(app: app)
        let shell = TerminalShell(composition: app.composition, windows: manager)
        try app.launch()
        manager.openWindow(.none)
        await app.settle()
        for character in "melville" { shell.handle(.character(character)) }
        await app.advance(by: catalogue.searchDebounce)
        if test.answersLate { await app.advance(by: catalogue.timeout) }
        let search = try #require(shell.activeWindow?.search)
        try await eventually { !search.results.isLoading }

        let screen = shell.render(size: .standard).text
        for text in test.screen { #expect(screen.contains(text), "\(test.name): “\(text)” in\n\(screen)") }
        #expect(screen.contains(Self.offline) == test.fellBack)
        #expect((app.services.catalogue.statusMessage != nil) == test.fellBack)
        #expect((search.books == [TestBooks.moby]) == test.fellBack)
        if test.fellBack {
            #expect(logs.records.contains { $0.level == .warning && $0.message.contains(test.logged) }, "\(test.name): \(logs.records)")
        }
    }

    /// Other suites share the main actor, and with it the system clock's timers: in a full run the
    /// deadline's action has fired half a minute late. The bound allows for that and still tells a
    /// deadline kept from one left to the plugin's two-minute backstop or to the server.
    @Test(
        "on the real clock a request unanswered at its deadline is cancelled: the fallback comes at the deadline, not at the server's or URLSession's",
        .timeLimit(.minutes(3))
    )
    func realDeadline() async throws {
        let server = try LoopbackHTTPServer(always: .init(body: Data("{}".utf8), delay: .seconds(150)))
        defer { server.stop() }
        let catalogue = OpenLibraryCatalogue(
            baseURL: server.baseURL, clock: SystemClock(), timeout: .milliseconds(500), fallback: InMemoryCatalogue(books: TestBooks.all),
            logger: .disabled
        )
        try await catalogue.prepare()
        let start = ContinuousClock.now
        #expect(try await catalogue.search("melville", limit: 5) == [TestBooks.moby])
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(500))
        #expect(elapsed < .seconds(100), "took \(elapsed)")
    }

    /// Waits in real time (the network is real) until `condition` holds; generous, since other
    /// suites share the main actor.
    func eventually(timeout: Duration = .seconds(60), _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { throw TestFailure("the condition did not hold within \(timeout)") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
