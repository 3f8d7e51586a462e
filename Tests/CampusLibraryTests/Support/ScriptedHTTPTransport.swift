@testable import CampusLibrary
import Foundation
import Synchronization

/// A transport double whose answers a test scripts (per request, from the URL) and switches at
/// will — the service going down and coming back. It answers without suspending (except
/// ``Step/hang``), so an app on a virtual clock stays deterministic. For the real socket path use
/// ``LoopbackHTTPServer``. Thread-safe: state is behind mutexes.
final class ScriptedHTTPTransport: HTTPTransport {
    /// What one request gets.
    enum Step: Sendable {
        /// This response, whatever the body limit.
        case respond(HTTPResponse)
        /// This failure.
        case fail(HTTPTransportError)
        /// No answer until the request is cancelled.
        case hang
    }

    private let script: Mutex<@Sendable (URL) -> Step>
    private let urls = Mutex<[URL]>([])

    init(_ script: @escaping @Sendable (URL) -> Step) {
        self.script = Mutex(script)
    }

    /// A service answering every request with `step`.
    convenience init(always step: Step) {
        self.init { _ in step }
    }

    /// A service holding the documents of the recorded fixture `name` (see
    /// ``OpenLibraryFixtures/handler(serving:)``).
    static func serving(_ name: String) -> @Sendable (URL) -> Step {
        let handler = OpenLibraryFixtures.handler(serving: name)
        return { url in
            let target = url.path + (url.query.map { "?" + $0 } ?? "")
            let reply = handler(target)
            return .respond(HTTPResponse(status: reply.status, body: reply.body))
        }
    }

    /// Replaces the script for the requests that follow.
    func answer(_ script: @escaping @Sendable (URL) -> Step) {
        self.script.withLock { $0 = script }
    }

    /// The URLs requested so far.
    var requests: [URL] { urls.withLock { $0 } }

    /// The `q` parameters of the requests so far.
    var queries: [String] {
        requests.compactMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "q" }?.value }
    }

    func get(_ url: URL, maximumBodySize: Int, cancellation: HTTPCancellation) async throws(HTTPTransportError) -> HTTPResponse {
        urls.withLock { $0.append(url) }
        switch script.withLock({ $0 })(url) {
        case .respond(let response):
            return response
        case .fail(let error):
            throw error
        case .hang:
            await withCheckedContinuation { continuation in cancellation.onCancel { continuation.resume() } }
            throw .cancelled
        }
    }
}
