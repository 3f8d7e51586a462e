/// What runs the schedules of a search: the simulator in this process, or a worker process that a
/// trap can end without ending the search (``WorkerRunner``). A trap comes back as an outcome
/// whose violation is ``Violation/Kind/appCrash`` and whose ``ScheduleOutcome/trap`` says what
/// happened. Used on the main actor by ``Explorer`` and ``Shrinker``.
@MainActor
package protocol ScheduleRunner {
    /// The random schedule of `seed`, `depth` events at most (``Simulator/run(seed:depth:swarm:)``).
    func run(seed: UInt64, depth: Int) async -> ScheduleOutcome
    /// `events` replayed with the seed `seed`, skipping the events whose precondition does not
    /// hold.
    func replay(_ events: [SimulationEvent], seed: UInt64) async -> ScheduleOutcome
    /// The runner of shrinking candidates: this one, or one that notices traps faster without
    /// naming their frame (``AppTrap/frame`` `nil`; the shrinker then compares trap messages
    /// and confirms the result on this runner).
    var shrinking: any ScheduleRunner { get }
}

/// The simulator of this process as a ``ScheduleRunner``: no trap is caught (one ends the
/// process), and a failure that the app's ``SimulatedApp/promises`` excuse is not one. A value
/// on the main actor.
@MainActor
struct InProcessRunner<Incarnation: AnyObject>: ScheduleRunner {
    var simulator: Simulator<Incarnation>

    var shrinking: any ScheduleRunner { self }

    func run(seed: UInt64, depth: Int) async -> ScheduleOutcome {
        StorePromise.judged(await simulator.run(seed: seed, depth: depth), promises: simulator.app.promises)
    }

    func replay(_ events: [SimulationEvent], seed: UInt64) async -> ScheduleOutcome {
        StorePromise.judged(await simulator.replaySkippingIllegal(events, seed: seed), promises: simulator.app.promises)
    }
}
