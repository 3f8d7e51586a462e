import Lifecycle

/// A remote service the app talks to, as the virtual device's network treats its calls: each call
/// waits a round trip drawn from the run's ``LatencyModel`` on the virtual clock (a kill, a
/// suspension or a scene's disconnection can land in the middle), may be lost, and meets the
/// service's outage while the schedule has it down (``SimulationEvent/serviceDown(service:failing:)``).
/// The app's adapter for the simulator wraps its service client with it:
///
/// ```swift
/// func search(_ query: String) async throws(CatalogueError) -> [Book] {
///     do { try await network.call("search") } catch { throw .unreachable(error.description) }
///     return try await local.search(query)
/// }
/// ```
///
/// A client that enforces its own deadline (as it should: a request to a service that does not
/// answer otherwise waits for the platform's timeout) hands its cancellation to
/// ``call(_:mayFail:cancelledBy:)``, so that the deadline, on the app's clock, ends the wait.
///
/// Calls are decided in the order they are made, from the run's latency draws, so the same seed
/// and schedule give the same latencies and failures. Every call is traced in the lane
/// `remote <name>`, as are the service's outages. Made by
/// ``SimulationEnvironment/remoteService(_:)`` for one incarnation, whose death cancels the calls
/// in flight; lives on the main actor.
@MainActor
public final class SimulatedRemoteService {
    /// How long a request that gets no answer waits when its caller has no deadline of its own:
    /// 60 seconds, `URLSession`'s default request timeout.
    public static let requestTimeout: Duration = .seconds(60)

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
    /// through; perform its effect after it returns. In a ``ServiceOutage/noAnswer`` outage the
    /// call waits ``requestTimeout``, since it has no deadline of its own.
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
        let wait = failure == .noAnswer(name) ? Self.requestTimeout : delay
        if wait > .zero {
            do { try await clock.sleep(for: wait) } catch { throw .cancelled }
        } else if Task.isCancelled {
            throw .cancelled
        }
        if let failure { throw failure }
    }

    /// ``call(_:mayFail:)`` for a client with a deadline of its own: `register` receives the
    /// function that gives up on the call, for the client to run when its deadline passes or it
    /// no longer wants the answer (before, during or after the call). Giving up ends the wait at
    /// once, with ``RemoteCallFailure/cancelled``; in a ``ServiceOutage/noAnswer`` outage nothing
    /// else ends it.
    ///
    /// ```swift
    /// try await network.call("search", cancelledBy: { cancel in cancellation.onCancel(cancel) })
    /// ```
    ///
    /// The wait is parked for Lifecycle's `WorkTracker`; a deadline action of the app's clock (which
    /// runs on the main actor) that gives up unparks the caller at that moment.
    /// - Throws: ``RemoteCallFailure``; nothing happened on the service then.
    public func call(
        _ operation: String, mayFail: Bool = true,
        cancelledBy register: (_ giveUp: @escaping @Sendable () -> Void) -> Void
    ) async throws(RemoteCallFailure) {
        guard context.isAlive(incarnation) else { throw .cancelled }
        let (delay, failure) = context.decideRemoteCall(service: name, operation: operation, mayFail: mayFail)
        let pending = PendingRemoteCall()
        let waiter = WorkTracker.currentTask
        var answer: ScheduledAction?
        if failure != .noAnswer(name) {
            answer = clock.schedule(after: delay) {
                if pending.finish(answered: true), let waiter { waiter.tracker.unpark(waiter) }
            }
        }
        register {
            guard pending.finish(answered: false), let waiter, MainQueue.isCurrent else { return }
            MainActor.assumeIsolated { waiter.tracker.unpark(waiter) }
        }
        let answered = await WorkTracker.parkCurrentTask(onCancel: { pending.finish(answered: false) }) {
            await withCheckedContinuation { pending.install($0) }
        }
        answer?.cancel()
        guard answered else { throw .cancelled }
        if let failure { throw failure }
    }
}
