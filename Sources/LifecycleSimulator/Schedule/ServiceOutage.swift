/// How a remote service fails while it is down (``SimulationEvent/serviceDown(service:failing:)``),
/// from the friendliest failure to the most hostile. A `Codable` value.
///
/// Only calls that may fail meet an outage (``SimulatedRemoteService/call(_:mayFail:)``). A
/// request sent while the service is down fails as the outage says; one already in flight when
/// the outage begins or ends keeps the fate it met when it was sent.
public enum ServiceOutage: String, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// The service's host refuses connections: a call fails after its round trip
    /// (``RemoteCallFailure/serviceDown(_:)``).
    case refused
    /// The service answers every request with a server error (an HTTP 503 page from a proxy):
    /// a call fails after its round trip (``RemoteCallFailure/serverError(_:)``).
    case serverError
    /// Requests get no answer. A call waits until its caller gives up — its own deadline, through
    /// ``SimulatedRemoteService/call(_:mayFail:cancelledBy:)`` — or, for a call that has no way
    /// to give up, until the platform's request timeout
    /// (``SimulatedRemoteService/requestTimeout``), then fails with
    /// ``RemoteCallFailure/noAnswer(_:)``.
    case noAnswer

    /// What the outage looks like from the app, for traces: `no answer`.
    public var description: String {
        switch self {
        case .refused: "refused"
        case .serverError: "server error"
        case .noAnswer: "no answer"
        }
    }
}
