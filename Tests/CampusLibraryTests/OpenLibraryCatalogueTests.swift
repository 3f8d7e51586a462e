@testable import CampusLibrary
import Foundation
import Lifecycle
import Testing

@Suite("OpenLibraryCatalogue")
@MainActor
struct OpenLibraryCatalogueTests {
    let clock = VirtualClock()
    let logs = MemoryLogSink()

    func makeCatalogue(
        _ transport: any HTTPTransport, baseURL: URL = URL(string: "http://catalogue.test")!, maximumResponseSize: Int = 1 << 20
    ) async throws -> OpenLibraryCatalogue {
        let catalogue = OpenLibraryCatalogue(
            baseURL: baseURL, transport: transport, clock: clock, maximumResponseSize: maximumResponseSize,
            fallback: InMemoryCatalogue(books: TestBooks.all), logger: LifelineLogger(category: "test", sink: logs, minimumLevel: .debug)
        )
        try await catalogue.prepare()
        return catalogue
    }

    nonisolated static let refused = ScriptedHTTPTransport.Step.fail(.failed("URL error -1004"))

    @Test("searches speak search.json with q=, limit= and the five fields the app reads")
    func requestShape() async throws {
        let transport = ScriptedHTTPTransport(ScriptedHTTPTransport.serving(OpenLibraryFixtures.mistborn2021))
        let catalogue = try await makeCatalogue(transport, baseURL: URL(string: "http://catalogue.test/api")!)
        _ = try await catalogue.search("Mistborn  adventure", limit: 20)
        let url = try #require(transport.requests.first)
        #expect(url.path == "/api/search.json")
        let query = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(query == [
            URLQueryItem(name: "q", value: "mistborn adventure"), URLQueryItem(name: "limit", value: "20"),
            URLQueryItem(name: "fields", value: "key,title,author_name,first_publish_year,subject"),
        ])
    }

    @Test("a document without key is skipped and counted, not a rejected page; the log says what was dropped")
    func keylessDocumentSkipped() async throws {
        let body = Data(#"{"numFound": 3, "docs": [{"title": "No key"}, {"key": "/works/OL1W", "title": "Kept"}, {"key": "/works/OL2W", "title": 7}]}"#.utf8)
        let catalogue = try await makeCatalogue(ScriptedHTTPTransport(always: .respond(HTTPResponse(status: 200, body: body))))
        let books = try await catalogue.search("kept", limit: 50)
        #expect(books.map(\.title) == ["Kept"])
        #expect(catalogue.source == .remote)
        #expect(logs.records.contains { $0.level == .warning && $0.message.contains("kept 1 records, skipped 1 without a key and 1 unusable, dropped 0") })
    }

    @Test("a page longer than the limit is cut to it and the overflow logged (a server that sent 100 for 50)")
    func limitEnforced() async throws {
        let lordOfTheRings = try OpenLibraryFixtures.data(OpenLibraryFixtures.lordOfTheRings2023)
        let catalogue = try await makeCatalogue(ScriptedHTTPTransport(always: .respond(HTTPResponse(status: 200, body: lordOfTheRings))))
        let books = try await catalogue.search("lord rings", limit: 50)
        #expect(books.count == 50)
        #expect(books.first?.id.rawValue == "OL27448W")
        #expect(logs.records.contains { $0.message.contains("dropped 50 beyond the limit of 50") })
    }

    @Test("a body over the size limit is a failure even from a transport that ignores the limit")
    func bodySizeEnforced() async throws {
        let lordOfTheRings = try OpenLibraryFixtures.data(OpenLibraryFixtures.lordOfTheRings2023)
        let catalogue = try await makeCatalogue(
            ScriptedHTTPTransport(always: .respond(HTTPResponse(status: 200, body: lordOfTheRings))), maximumResponseSize: 64 * 1024
        )
        #expect(try await catalogue.search("melville", limit: 50) == [TestBooks.moby])
        #expect(catalogue.source == .offline(retryAt: clock.now.advanced(by: .seconds(2))))
        #expect(logs.records.contains { $0.message.contains("the body is larger than 65536 bytes") })
    }

    @Test("after a failure the service is left alone for the backoff (2 s, 4 s, 8 s…), searching locally at once; then asked again")
    func backoff() async throws {
        let transport = ScriptedHTTPTransport(always: Self.refused)
        let catalogue = try await makeCatalogue(transport)
        #expect(try await catalogue.search("melville", limit: 5) == [TestBooks.moby])
        #expect(catalogue.source == .offline(retryAt: .zero.advanced(by: .seconds(2))))
        _ = try await catalogue.search("austen", limit: 5)
        #expect(transport.requests.count == 1, "not asked during the backoff")
        clock.advance(by: .seconds(2))
        _ = try await catalogue.search("austen", limit: 5)
        #expect(transport.requests.count == 2)
        #expect(catalogue.source == .offline(retryAt: .zero.advanced(by: .seconds(6))), "the second failure waits 4 s")
        transport.answer(ScriptedHTTPTransport.serving(OpenLibraryFixtures.mistborn2021))
        clock.advance(by: .seconds(4))
        #expect(try await catalogue.search("mistborn", limit: 5).first?.title == "Mistborn Trilogy")
        #expect(catalogue.source == .remote)
    }

    @Test("retryRemoteNow lets the next request ask the service before the backoff ends")
    func retryNow() async throws {
        let transport = ScriptedHTTPTransport(always: Self.refused)
        let catalogue = try await makeCatalogue(transport)
        _ = try await catalogue.search("melville", limit: 5)
        transport.answer(ScriptedHTTPTransport.serving(OpenLibraryFixtures.mistborn2021))
        catalogue.retryRemoteNow()
        #expect(try await catalogue.search("mistborn", limit: 5).count == 5)
        #expect(catalogue.source == .remote)
    }

    @Test("a lookup of a work only the service knows throws unavailable while it cannot answer — never “not found”")
    func lookupUnavailable() async throws {
        let transport = ScriptedHTTPTransport(always: .fail(.failed("URL error -1005")))
        let catalogue = try await makeCatalogue(transport)
        let game = try #require(BookID("OL24289089W"))
        await #expect(throws: CatalogueError.unavailable(.unreachable("URL error -1005"))) {
            try await catalogue.books([game, TestBooks.emma.id])
        }
        await #expect(throws: CatalogueError.unavailable(.waitingToRetry)) { try await catalogue.books([game]) }
        #expect(try await catalogue.books([TestBooks.emma.id]) == [TestBooks.emma.id: TestBooks.emma], "bundled books need no service")
        #expect(transport.requests.count == 1)
        #expect(LoadState<Book>(failure: CatalogueError.unavailable(.waitingToRetry)).isUnavailable)
    }

    @Test("a request is cancelled when the calling task is, without counting as an outage")
    func cancelledByTask() async throws {
        let transport = ScriptedHTTPTransport(always: .hang)
        let catalogue = try await makeCatalogue(transport)
        let game = try #require(BookID("OL24289089W"))
        let lookup = Task { @MainActor in try await catalogue.books([game]) }
        while transport.requests.isEmpty { await Task.yield() }
        lookup.cancel()
        await #expect(throws: CatalogueError.unavailable(.cancelled)) { try await lookup.value }
        #expect(catalogue.source == .remote)
    }

    @Test("without the networking plugin the catalogue works offline on local data")
    func missingPlugin() async throws {
        let server = try LoopbackHTTPServer(always: .json(OpenLibraryFixtures.data(OpenLibraryFixtures.mistborn2021)))
        defer { server.stop() }
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("no-plugin-\(UUID().uuidString)")
        let catalogue = try await makeCatalogue(PluginHTTPTransport(directory: nowhere), baseURL: server.baseURL)
        #expect(try await catalogue.search("melville", limit: 5) == [TestBooks.moby])
        #expect(catalogue.source.statusMessage == "offline — showing the library's own catalogue")
        #expect(server.requestedTargets.isEmpty)
    }
}
