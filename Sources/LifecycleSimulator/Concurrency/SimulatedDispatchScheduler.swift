import Dispatch
import Lifecycle

/// The ``DispatchScheduler`` of one simulated process: its main queue's blocks join the run's
/// main lane (with the main actor's jobs, first in first out), its global queues' blocks the
/// global lane (the run's seed orders them; quality of service is ignored), and delays are
/// virtual time on the process's clock.
///
/// ```swift
/// let app = NotesApp(scheduler: environment.dispatchScheduler)   // SystemDispatchScheduler() on a device
/// ```
///
/// A block belongs to the process: when it dies, the blocks it has not run yet are dropped without
/// running and without being released (a block may hold a continuation), as a kill drops them.
/// Made by the simulator for each incarnation (``SimulationEnvironment/dispatchScheduler``);
/// `Sendable`, callable from any isolation.
struct SimulatedDispatchScheduler: DispatchScheduler {
    let scheduler: RunScheduler
    let process: Int

    func enqueueOnMain(after delay: Duration?, _ work: @escaping @MainActor @Sendable () -> Void) {
        scheduler.enqueue(.mainBlock(work), lane: .main, process: process, after: delay)
    }

    func enqueueGlobal(qos: DispatchQoS.QoSClass, after delay: Duration?, _ work: @escaping @Sendable () -> Void) {
        scheduler.enqueue(.globalBlock(work), lane: .global, process: process, after: delay)
    }
}
