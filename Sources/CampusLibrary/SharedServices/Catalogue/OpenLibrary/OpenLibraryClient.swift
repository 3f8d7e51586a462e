import Foundation
import Lifecycle

/// One `search.json` request to an Open Library-compatible service, trusted no further than it
/// must be: the deadline is enforced with the lifecycle clock (the request is cancelled when it
/// passes, in real or virtual time), the body is read only up to a size limit, anything but a
/// 200 with a `search.json` document is a ``RemoteCatalogueFailure``, and the page is cut to the
/// requested limit, with what was left out logged.
///
/// A value owned by ``OpenLibraryCatalogue``; lives on the main actor (its clock does).
@MainActor
struct OpenLibraryClient {
    let baseURL: URL
    let transport: any HTTPTransport
    let clock: any LifelineClock
    let timeout: Duration
    let maximumResponseSize: Int
    let logger: LifelineLogger

    /// The records matching `query` (Open Library's query syntax), at most `limit`.
    /// - Throws: ``RemoteCatalogueFailure``; nothing is known about the query then.
    func search(_ query: String, limit: Int) async throws(RemoteCatalogueFailure) -> [Book] {
        let url = try searchURL(query: query, limit: limit)
        let response = try await get(url)
        guard response.status == 200 else { throw .status(response.status) }
        let page = try Self.decode(response.body).page(limit: limit)
        if page.droppedAnything {
            logger.warning(
                "A remote answer was trimmed: kept \(page.books.count, privacy: .public) records, skipped \(page.skippedWithoutKey, privacy: .public) without a key and \(page.skippedUnusable, privacy: .public) unusable, dropped \(page.droppedOverLimit, privacy: .public) beyond the limit of \(limit, privacy: .public)."
            )
        }
        return page.books
    }

    /// The `search.json` URL asking only for the fields the app reads.
    private func searchURL(query: String, limit: Int) throws(RemoteCatalogueFailure) -> URL {
        guard var components = URLComponents(url: baseURL.appendingPathComponent("search.json"), resolvingAgainstBaseURL: false) else {
            throw .unreachable("the base URL is malformed")
        }
        components.queryItems = [
            URLQueryItem(name: "q", value: query),
            URLQueryItem(name: "limit", value: String(limit)),
            URLQueryItem(name: "fields", value: "key,title,author_name,first_publish_year,subject"),
        ]
        guard let url = components.url else { throw .unreachable("the query could not be encoded") }
        return url
    }

    /// GETs `url`, cancelling the request when the deadline passes or the calling task is
    /// cancelled.
    private func get(_ url: URL) async throws(RemoteCatalogueFailure) -> HTTPResponse {
        let cancellation = HTTPCancellation()
        let deadline = clock.schedule(after: timeout) { cancellation.cancel(.timedOut) }
        defer { deadline.cancel() }
        let result: Result<HTTPResponse, HTTPTransportError> = await withTaskCancellationHandler {
            do throws(HTTPTransportError) {
                return .success(try await transport.get(url, maximumBodySize: maximumResponseSize, cancellation: cancellation))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            cancellation.cancel(.abandoned)
        }
        switch result {
        case .success(let response) where response.body.count > maximumResponseSize:
            throw .tooLarge(limit: maximumResponseSize)
        case .success(let response):
            return response
        case .failure(.cancelled):
            throw cancellation.reason == .timedOut ? .timedOut(timeout) : .cancelled
        case .failure(.bodyTooLarge):
            throw .tooLarge(limit: maximumResponseSize)
        case .failure(.unavailable(let reason)), .failure(.failed(let reason)):
            throw .unreachable(reason)
        }
    }

    /// The response in `body`.
    /// - Throws: ``RemoteCatalogueFailure/notJSON`` or ``RemoteCatalogueFailure/malformed(_:)``.
    static func decode(_ body: Data) throws(RemoteCatalogueFailure) -> OpenLibrarySearchResponse {
        guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { throw .malformed("an empty body") }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { throw .notJSON }
        do {
            return try JSONDecoder().decode(OpenLibrarySearchResponse.self, from: body)
        } catch let error as DecodingError {
            throw .malformed(Self.summary(of: error))
        } catch {
            throw .malformed("undecodable")
        }
    }

    /// What went wrong, without the data itself.
    private static func summary(of error: DecodingError) -> String {
        switch error {
        case .dataCorrupted: "invalid or truncated JSON"
        case .keyNotFound(let key, _): "no “\(key.stringValue)”"
        case .typeMismatch, .valueNotFound: "a field of the wrong type"
        @unknown default: "undecodable"
        }
    }
}
