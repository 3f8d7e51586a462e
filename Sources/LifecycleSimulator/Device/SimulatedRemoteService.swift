import Lifecycle

/// A remote service the app talks to, as the virtual device's network treats its calls: each call
/// waits a round trip drawn from the run's ``LatencyModel`` on the virtual clock (a kill, a
/// suspension or a scene's disconnection can land in the middle), and may fail or find the
/// service down. The app's adapter for the simulator wraps its service client with it:
///
/// ```swift
/// func search(_ query: String) async throws(CatalogueError) -> [Book] {
///     do { try await network.call("search") } catch { throw .unreachable(error.description) }
///     return try await local.search(query)
/// }
/// ```
///
/// Calls are decided in the order they are made, from the run's latency draws, so the same seed
/// and schedule give the same latencies and failures. Every call is traced in the lane
/// `remote <name>`. Made by ``SimulationEnvironment/remoteService(_:)`` for one incarnation, whose
/// death cancels the calls in flight; lives on the main actor.
@MainActor
public final class SimulatedRemoteService {
    /// The service's name, in traces and outages (`catalogue`, `library server`).
    public let name: String
    private let context: RunContext
    private let incarnation: Int
    private let clock: VirtualClock

    init(name: String, context: RunContext, incarnation: Int, clock: VirtualClock) {
        self.name = name
        self.context = context
        self.incarnation = incarnation
        self.clock = clock
    }

    /// Makes one call of `operation`: returns once the round trip is over and the call went
    /// through; perform its effect after it returns.
    ///
    /// - Parameters:
    ///   - operation: What the call does (`search`, `sign in`), for the trace.
    ///   - mayFail: Whether the network may lose this call or find the service down. Pass
    ///     `false` for a call that only takes time (a service that is local on the real device,
    ///     or one whose failure the simulation does not explore yet).
    /// - Throws: ``RemoteCallFailure`` when the service is down, the request is lost, or the
    ///   calling task is cancelled (or its process dies) while it waits; nothing happened on the
    ///   service then.
    public func call(_ operation: String, mayFail: Bool = true) async throws(RemoteCallFailure) {
        guard context.isAlive(incarnation) else { throw .cancelled }
        let (delay, failure) = context.decideRemoteCall(service: name, operation: operation, mayFail: mayFail)
        if delay > .zero {
            do { try await clock.sleep(for: delay) } catch { throw .cancelled }
        } else if Task.isCancelled {
            throw .cancelled
        }
        if let failure { throw failure }
    }
}

/// Why a ``SimulatedRemoteService`` call failed. Nothing happened on the service. A value.
public enum RemoteCallFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The service is down (an outage of the ``LatencyModel``).
    case serviceDown(String)
    /// The network lost the request.
    case requestLost(String)
    /// The calling task was cancelled, or its process died, while the call was in flight.
    case cancelled

    /// What failed, for logs and the app's own errors.
    public var description: String {
        switch self {
        case .serviceDown(let service): "\(service) is down"
        case .requestLost(let service): "the request to \(service) was lost"
        case .cancelled: "the call was cancelled"
        }
    }
}
