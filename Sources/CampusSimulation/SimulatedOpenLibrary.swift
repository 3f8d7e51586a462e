import CampusLibrary
import Foundation
import Lifecycle
import LifecycleSimulator

/// The Open Library search service as the simulated device reaches it: the `HTTPTransport` of
/// the app's real `OpenLibraryCatalogue`, answering `search.json` requests — a search, or a
/// lookup by work key (`q=key:/works/OL12W`) — from the bundled catalogue's books filed under
/// Open Library work keys (``works``: identifiers only the remote catalogue knows), as
/// `search.json` documents.
///
/// Every request goes through the device's network (``SimulatedRemoteService``, service
/// ``serviceName``): it takes the run's round trip and may be lost (a reset connection); while
/// the schedule has the service down it is refused, answered with a 503 page, or not answered at
/// all — then it waits until the catalogue's own deadline, on the virtual clock, gives up (the
/// cancellation's handler runs inside the clock's advance and ends the wait at once).
///
/// Remembers how the last request for each work failed, for the invariants' messages
/// (``lookupFailure(of:)``). Created by ``CampusIncarnation`` per process; lives on the main
/// actor, as the catalogue that calls it.
@MainActor
final class SimulatedOpenLibrary: HTTPTransport {
    /// The service's name on the device's network, in traces and outage events.
    static let serviceName = "open library"
    /// Where the app's catalogue sends its requests.
    static let baseURL = URL(string: "https://openlibrary.simulated") ?? URL(fileURLWithPath: "/")
    /// The works the service holds: book `n` of the bundled catalogue (counting from 1) as work
    /// `OL<n>W`, with the same title, authors, year and subjects.
    static let works: [Book] = CampusIncarnation.books.enumerated().compactMap { index, book in
        BookID("OL\(index + 1)W").map { Book(id: $0, title: book.title, authors: book.authors, year: book.year, subjects: book.subjects) }
    }
    /// ``works`` indexed once; each process searches its own copy.
    private static let template = InMemoryCatalogue(books: works)
    private static let worksByID = Dictionary(uniqueKeysWithValues: works.map { ($0.id, $0) })

    private let network: SimulatedRemoteService
    private let clock: any LifelineClock
    private let index = InMemoryCatalogue(copying: template)
    private var isIndexReady = false
    /// How the last request for each work failed; a work is removed once a request answers.
    private var failures: [BookID: String] = [:]

    /// A service reached over `network`, timing its failures with `clock`.
    init(network: SimulatedRemoteService, clock: any LifelineClock) {
        self.network = network
        self.clock = clock
    }

    /// How the last request for `id` failed, if it did.
    func lookupFailure(of id: BookID) -> String? { failures[id] }

    nonisolated func get(_ url: URL, maximumBodySize: Int, cancellation: HTTPCancellation) async throws(HTTPTransportError) -> HTTPResponse {
        try await exchange(url, maximumBodySize: maximumBodySize, cancellation: cancellation)
    }

    /// ``get(_:maximumBodySize:cancellation:)``, on the main actor.
    private func exchange(_ url: URL, maximumBodySize: Int, cancellation: HTTPCancellation) async throws(HTTPTransportError) -> HTTPResponse {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let query = items.first { $0.name == "q" }?.value ?? ""
        let limit = items.first { $0.name == "limit" }?.value.flatMap { Int($0) } ?? 100
        let work = query.hasPrefix("key:/works/") ? BookID(String(query.dropFirst("key:/works/".count))) : nil
        let sent = clock.now
        do {
            try await network.call(work == nil ? "search" : "lookup", cancelledBy: { giveUp in cancellation.onCancel(giveUp) })
        } catch {
            let failure: String
            let thrown: HTTPTransportError
            switch error {
            case .serverError:
                failure = "HTTP 503"
                if let work { failures[work] = failure }
                return HTTPResponse(status: 503, body: Data(Self.unavailablePage.utf8))
            case .cancelled where cancellation.reason == .timedOut:
                (failure, thrown) = ("no answer within \(sent.duration(to: clock.now))", .cancelled)
            case .cancelled:
                (failure, thrown) = ("abandoned", .cancelled)
            case .serviceDown:
                (failure, thrown) = ("connection refused", .failed("connection refused"))
            case .requestLost, .noAnswer:
                (failure, thrown) = ("connection reset", .failed("connection reset"))
            }
            if let work { failures[work] = failure }
            throw thrown
        }
        let body = await answer(work: work, query: query, limit: limit)
        if let work { failures[work] = nil }
        guard body.count <= maximumBodySize else { throw .bodyTooLarge(limit: maximumBodySize) }
        return HTTPResponse(status: 200, body: body)
    }

    /// The `search.json` document answering `query` (the work `work`, for a lookup).
    private func answer(work: BookID?, query: String, limit: Int) async -> Data {
        let books: [Book]
        if let work {
            books = Self.worksByID[work].map { [$0] } ?? []
        } else {
            if !isIndexReady {
                try? await index.prepare()
                isIndexReady = true
            }
            books = (try? await index.search(query, limit: limit)) ?? []
        }
        let page = Page(numFound: books.count, docs: books.map(Document.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(page)) ?? Data()
    }

    /// What a proxy in front of a service that is down answers.
    private static let unavailablePage = "<html><head><title>503 Service Unavailable</title></head><body>Service Unavailable</body></html>"

    /// A `search.json` page, as Open Library writes it.
    private struct Page: Encodable {
        var numFound: Int
        var docs: [Document]
    }

    /// One `search.json` document.
    private struct Document: Encodable {
        var key: String
        var title: String
        var authorName: [String]
        var firstPublishYear: Int?
        var subject: [String]

        enum CodingKeys: String, CodingKey {
            case key, title, subject
            case authorName = "author_name"
            case firstPublishYear = "first_publish_year"
        }

        init(_ book: Book) {
            key = "/works/\(book.id.rawValue)"
            title = book.title
            authorName = book.authors
            firstPublishYear = book.year
            subject = book.subjects
        }
    }
}
