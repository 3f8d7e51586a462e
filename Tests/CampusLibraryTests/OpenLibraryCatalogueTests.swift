@testable import CampusLibrary
import Foundation
import Lifecycle
import LifelineTestSupport
import Testing

@Suite("OpenLibraryCatalogue")
@MainActor
struct OpenLibraryCatalogueTests {
    /// Why the tests that reach the loopback server are skipped under ThreadSanitizer.
    static let pluginUnderThreadSanitizer: Comment = """
        the URLSession plugin cannot be loaded into a ThreadSanitizer process: it needs the sanitizer's \
        runtime symbols, which the test executable links statically and does not export (dlopen: \
        undefined symbol __tsan_external_write), so the catalogue works offline
        """

    func makeCatalogue(baseURL: URL, transport: any HTTPTransport = PluginHTTPTransport()) async throws -> OpenLibraryCatalogue {
        let catalogue = OpenLibraryCatalogue(
            baseURL: baseURL, transport: transport, timeout: .seconds(5),
            fallback: InMemoryCatalogue(books: TestBooks.all), logger: .disabled
        )
        try await catalogue.prepare()
        return catalogue
    }

    @Test(
        "searches speak search.json with q= and read key, title, author_name, first_publish_year, subject",
        .disabled(if: Sanitizer.current == .thread, OpenLibraryCatalogueTests.pluginUnderThreadSanitizer)
    )
    func searches() async throws {
        let server = try LoopbackHTTPServer { target in
            target.hasPrefix("/search.json?") ? (200, RecordedOpenLibrary.mobyDick) : (404, Data())
        }
        defer { server.stop() }
        let catalogue = try await makeCatalogue(baseURL: server.baseURL)
        let books = try await catalogue.search("Moby dick", limit: 20)
        #expect(books.map(\.id.rawValue) == ["OL102749W", "OL14985470W"])
        #expect(books.first?.authors == ["Herman Melville"])
        #expect(books.first?.year == 1851)
        #expect(books.first?.subjects.count == 4)
        #expect(books.last?.subjects == [])
        let target = try #require(server.requestedTargets.first)
        let query = try #require(URLComponents(string: "http://x" + target)?.queryItems)
        #expect(query.contains(URLQueryItem(name: "q", value: "moby dick")))
        #expect(query.contains(URLQueryItem(name: "limit", value: "20")))
        #expect(query.first { $0.name == "fields" }?.value?.contains("first_publish_year") == true)
        #expect(!catalogue.isOffline)
    }

    @Test(
        "a book seen in results is served from memory; an unseen work is fetched by key",
        .disabled(if: Sanitizer.current == .thread, OpenLibraryCatalogueTests.pluginUnderThreadSanitizer)
    )
    func looksUpWorks() async throws {
        let server = try LoopbackHTTPServer { target in
            target.contains("q=key") ? (200, RecordedOpenLibrary.byKey) : (200, RecordedOpenLibrary.mobyDick)
        }
        defer { server.stop() }
        let catalogue = try await makeCatalogue(baseURL: server.baseURL)
        _ = try await catalogue.search("moby", limit: 5)
        let moby = try #require(BookID("OL102749W"))
        let pride = try #require(BookID("OL66554W"))
        let found = try await catalogue.books([moby, pride, TestBooks.emma.id])
        #expect(found[moby]?.title == "Moby Dick")
        #expect(found[pride]?.title == "Pride and Prejudice")
        #expect(found[TestBooks.emma.id] == TestBooks.emma)
        #expect(server.requestedTargets.count == 2)
    }

    @Test("when the service is unreachable, searches fall back to the local catalogue and say offline")
    func offlineFallsBack() async throws {
        let server = try LoopbackHTTPServer { _ in (200, RecordedOpenLibrary.mobyDick) }
        let baseURL = server.baseURL
        server.stop()
        let catalogue = try await makeCatalogue(baseURL: baseURL)
        let books = try await catalogue.search("melville", limit: 5)
        #expect(books == [TestBooks.moby])
        #expect(catalogue.isOffline)
    }

    @Test(
        "an error status is reported as a bad response, not as results",
        .disabled(if: Sanitizer.current == .thread, OpenLibraryCatalogueTests.pluginUnderThreadSanitizer)
    )
    func errorStatus() async throws {
        let server = try LoopbackHTTPServer { _ in (503, Data("{}".utf8)) }
        defer { server.stop() }
        let catalogue = try await makeCatalogue(baseURL: server.baseURL)
        await #expect(throws: CatalogueError.badResponse("HTTP status 503")) {
            try await catalogue.search("moby", limit: 5)
        }
    }

    @Test("without the networking plugin the catalogue works offline on local data")
    func missingPlugin() async throws {
        let server = try LoopbackHTTPServer { _ in (200, RecordedOpenLibrary.mobyDick) }
        defer { server.stop() }
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("no-plugin-\(UUID().uuidString)")
        let catalogue = try await makeCatalogue(baseURL: server.baseURL, transport: PluginHTTPTransport(directory: nowhere))
        #expect(try await catalogue.search("melville", limit: 5) == [TestBooks.moby])
        #expect(catalogue.isOffline)
        #expect(server.requestedTargets.isEmpty)
    }
}
