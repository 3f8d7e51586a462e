/// Where a piece of ready work runs: the main lane is the main actor (and the main dispatch
/// queue), first in first out; the global lane is the cooperative pool, where any ready piece may
/// run next (the run's seed picks).
enum Lane: Sendable {
    case main
    case global
}

/// One piece of work of a simulated process, waiting in a lane of its run's ``RunScheduler``:
/// a job of Swift concurrency, or a block sent to the process's ``SimulatedDispatchScheduler``.
/// A `Sendable` value, owned by the scheduler until it runs or is buried.
struct ScheduledWork: Sendable {
    /// What runs.
    enum Item: Sendable {
        /// A job the runtime enqueued (a task's next slice, an actor's turn, a sleep's wake-up).
        case job(UnownedJob)
        /// A block of the main queue: runs on the main actor.
        case mainBlock(@MainActor @Sendable () -> Void)
        /// A block of a global queue.
        case globalBlock(@Sendable () -> Void)
    }

    /// The incarnation the work belongs to: the one whose code created it.
    let process: Int
    /// Where it runs.
    let lane: Lane
    /// What runs.
    let item: Item
}
