import Foundation
import Lifecycle

/// A remote catalogue speaking the Open Library search API (`GET <base>/search.json?q=…`, reading
/// `docs[].key/title/author_name/first_publish_year/subject`) over `URLSession` (through the
/// ``PluginHTTPTransport``, loaded on the first request).
///
/// Offline use keeps working: while the service is unreachable, searches and lookups fall back to
/// the bundled catalogue and ``isOffline`` says so. Records seen in responses are cached in memory
/// (purged on memory warnings). Chosen with `--remote-catalogue URL`; created by the composition
/// root (application lifetime); lives on the main actor.
@MainActor
public final class OpenLibraryCatalogue: CatalogueService {
    /// Typing waits this long before a request goes out.
    public let searchDebounce: Duration = .milliseconds(250)
    /// Whether the last request failed to reach the service (results come from the local catalogue).
    public private(set) var isOffline = false

    private let baseURL: URL
    private let transport: any HTTPTransport
    private let timeout: Duration
    private let fallback: any CatalogueService
    private let logger: LifelineLogger
    private var remoteBooks: [BookID: Book] = [:]

    /// Creates a catalogue for the service at `baseURL`, falling back to `fallback` while offline.
    public init(
        baseURL: URL, transport: any HTTPTransport = PluginHTTPTransport(), timeout: Duration = .seconds(10),
        fallback: any CatalogueService, logger: LifelineLogger
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.timeout = timeout
        self.fallback = fallback
        self.logger = logger.category("remote-catalogue")
    }

    /// Prepares the local fallback; the service itself is only contacted by searches.
    public func prepare() async throws(CatalogueError) {
        try await fallback.prepare()
    }

    /// Books matching every word of `query` as word prefixes, best first, at most `limit`.
    public func search(_ query: String, limit: Int) async throws(CatalogueError) -> [Book] {
        let words = FullTextQuery.words(in: query)
        guard !words.isEmpty else { return [] }
        do {
            let books = try await fetch(query: words.joined(separator: " "), limit: limit)
            for book in books { remoteBooks[book.id] = book }
            return books
        } catch .unreachable(let reason) {
            goOffline(reason)
            return try await fallback.search(query, limit: limit)
        }
    }

    /// The records of `ids` that exist; missing identifiers are absent from the result.
    public func books(_ ids: [BookID]) async throws(CatalogueError) -> [BookID: Book] {
        var found = try await fallback.books(ids)
        for id in ids where found[id] == nil {
            if let book = remoteBooks[id] {
                found[id] = book
            } else if !isOffline, id.rawValue.hasPrefix("OL") {
                do {
                    if let book = try await fetch(query: "key:/works/\(id.rawValue)", limit: 1).first(where: { $0.id == id }) {
                        remoteBooks[id] = book
                        found[id] = book
                    }
                } catch .unreachable(let reason) {
                    goOffline(reason)
                }
            }
        }
        return found
    }

    /// The service has no arrivals feed; the shelf shows the bundled catalogue's newest books.
    public func newArrivals(limit: Int) async throws(CatalogueError) -> [Book] {
        try await fallback.newArrivals(limit: limit)
    }

    /// Drops what can be rebuilt (statement caches, response caches).
    public func purgeCaches() {
        remoteBooks.removeAll()
        fallback.purgeCaches()
    }

    private func goOffline(_ reason: String) {
        if !isOffline { logger.info("The remote catalogue is unreachable; using the local catalogue: \(reason, privacy: .public)") }
        isOffline = true
    }

    private func fetch(query: String, limit: Int) async throws(CatalogueError) -> [Book] {
        guard var components = URLComponents(url: baseURL.appendingPathComponent("search.json"), resolvingAgainstBaseURL: false) else {
            throw .badResponse("the base URL is malformed")
        }
        components.queryItems = [
            URLQueryItem(name: "q", value: query),
            URLQueryItem(name: "limit", value: String(limit)),
            URLQueryItem(name: "fields", value: "key,title,author_name,first_publish_year,subject"),
        ]
        guard let url = components.url else { throw .badResponse("the query could not be encoded") }
        let response: HTTPResponse
        do {
            response = try await transport.get(url, timeout: timeout)
        } catch {
            throw .unreachable(error.description)
        }
        guard response.status == 200 else { throw .badResponse("HTTP status \(response.status)") }
        let data = response.body
        do {
            let decoded = try JSONDecoder().decode(OpenLibrarySearchResponse.self, from: data)
            isOffline = false
            return decoded.docs.compactMap(\.book)
        } catch {
            throw .badResponse("not a search.json document")
        }
    }
}
