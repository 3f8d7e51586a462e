/// Why the remote catalogue gave no usable answer. Every case means "it cannot answer now", never
/// "the record does not exist": the app falls back to the bundled catalogue for searches and
/// keeps every identifier it could not check. Descriptions carry no search text. A `Sendable`
/// value.
public enum RemoteCatalogueFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// No connection: refused, reset, no route, a TLS failure, or no networking plugin.
    case unreachable(String)
    /// No answer within the deadline; the request was cancelled.
    case timedOut(Duration)
    /// An HTTP error status (a 5xx outage, a 4xx from a misconfigured URL).
    case status(Int)
    /// The body is not JSON at all: an HTML error page, a captive portal.
    case notJSON
    /// JSON that is not a `search.json` document, or one cut short.
    case malformed(String)
    /// The body is larger than the catalogue reads; the rest was not read.
    case tooLarge(limit: Int)
    /// Not asked: the last request failed, and the service is tried again after a backoff.
    case waitingToRetry
    /// The request was abandoned because its caller no longer wanted the answer.
    case cancelled

    /// A message for logs.
    public var description: String {
        switch self {
        case .unreachable(let reason): "no connection (\(reason))"
        case .timedOut(let limit): "no answer within \(limit)"
        case .status(let code): "HTTP status \(code)"
        case .notJSON: "the body is not JSON (an error page?)"
        case .malformed(let reason): "not a search.json document (\(reason))"
        case .tooLarge(let limit): "the body is larger than \(limit) bytes"
        case .waitingToRetry: "not asked until its backoff ends"
        case .cancelled: "the request was cancelled"
        }
    }
}
