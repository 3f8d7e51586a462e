import Foundation

/// How the remote catalogue fetches a URL: the networking plugin in the app
/// (``PluginHTTPTransport``), anything else in tests. `Sendable`; calls may come from any
/// isolation and may suspend.
public protocol HTTPTransport: Sendable {
    /// GETs `url`, giving up after `timeout`.
    /// - Throws: ``HTTPTransportError``; nothing was received then.
    func get(_ url: URL, timeout: Duration) async throws(HTTPTransportError) -> HTTPResponse
}

/// A response: status and body. A `Sendable` value.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// Why a request got no response. Messages carry no user data.
public enum HTTPTransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The networking plugin could not be loaded (not built, or built for another platform).
    case unavailable(String)
    /// The request failed: no connection, a timeout, a TLS failure.
    case failed(String)

    /// A message for logs.
    public var description: String {
        switch self {
        case .unavailable(let reason): "networking is unavailable: \(reason)"
        case .failed(let reason): "the request failed: \(reason)"
        }
    }
}
