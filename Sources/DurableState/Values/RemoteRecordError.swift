/// Why a ``RemoteRecordService`` call failed. A closed enum, `Sendable`; reasons must not contain
/// record contents.
public enum RemoteRecordError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The record id no longer resolves (deleted on the server, another environment).
    case recordNotFound
    /// The service could not be reached or failed transiently; a later save retries.
    case unavailable(reason: String)
    /// The service refused the request.
    case rejected(reason: String)

    public var description: String {
        switch self {
        case .recordNotFound: "The remote record no longer exists"
        case .unavailable(let reason): "The remote service is unavailable: \(reason)"
        case .rejected(let reason): "The remote service refused the request: \(reason)"
        }
    }
}
