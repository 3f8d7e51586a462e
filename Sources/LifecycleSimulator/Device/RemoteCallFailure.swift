/// Why a ``SimulatedRemoteService`` call failed. Nothing happened on the service. A value.
public enum RemoteCallFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The service refuses connections (a ``ServiceOutage/refused`` outage).
    case serviceDown(String)
    /// The service answered with a server error (a ``ServiceOutage/serverError`` outage).
    case serverError(String)
    /// The service did not answer within the platform's request timeout
    /// (``SimulatedRemoteService/requestTimeout``; a ``ServiceOutage/noAnswer`` outage).
    case noAnswer(String)
    /// The network lost the request.
    case requestLost(String)
    /// The caller gave up (its deadline passed, its task was cancelled) or its process died
    /// while the call was in flight.
    case cancelled

    /// The failure a call to `service` meets in `outage` when it is sent (a ``noAnswer(_:)`` only
    /// once the request timeout has passed).
    init(_ outage: ServiceOutage, service: String) {
        switch outage {
        case .refused: self = .serviceDown(service)
        case .serverError: self = .serverError(service)
        case .noAnswer: self = .noAnswer(service)
        }
    }

    /// What failed, for logs and the app's own errors.
    public var description: String {
        switch self {
        case .serviceDown(let service): "\(service) is down"
        case .serverError(let service): "\(service) answered with a server error"
        case .noAnswer(let service): "\(service) did not answer"
        case .requestLost(let service): "the request to \(service) was lost"
        case .cancelled: "the call was cancelled"
        }
    }

    /// The failure's case, as trace digests mix it (0 for none).
    static func digestCode(_ failure: RemoteCallFailure?) -> UInt8 {
        switch failure {
        case nil: 0
        case .serviceDown: 1
        case .requestLost: 2
        case .serverError: 3
        case .noAnswer: 4
        case .cancelled: 5
        }
    }
}
