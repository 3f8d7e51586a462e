/// Why a request got no response. Messages carry no user data. A `Sendable` value.
public enum HTTPTransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The networking plugin could not be loaded (not built, or built for another platform).
    case unavailable(String)
    /// The request failed: no connection, a reset, a TLS failure.
    case failed(String)
    /// The body was longer than the caller allows; the rest was not read.
    case bodyTooLarge(limit: Int)
    /// The caller cancelled the request (its deadline passed, or its task was cancelled).
    case cancelled

    /// A message for logs.
    public var description: String {
        switch self {
        case .unavailable(let reason): "networking is unavailable: \(reason)"
        case .failed(let reason): "the request failed: \(reason)"
        case .bodyTooLarge(let limit): "the response is larger than \(limit) bytes"
        case .cancelled: "the request was cancelled"
        }
    }
}
