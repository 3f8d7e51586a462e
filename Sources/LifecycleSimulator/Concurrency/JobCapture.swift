import Lifecycle
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which simulation run, if any, owns the jobs enqueued now: the rule the simulator's executors
/// (``SimulatorExecutors``) apply to every job of the process.
///
/// A run is *active* from ``begin(_:)`` to ``end(_:)``, on the thread that calls them (the
/// *driver*: the main queue's thread, since runs live on the main actor and are synchronous
/// between the two — `Simulator` awaits nothing from a run's beginning to its end, so its task
/// cannot suspend there and let another main-actor job onto the driver). While a run is active:
///
/// - a job enqueued on the driver is the run's: it was enqueued by the simulator's own code or by
///   a job the run is running (every job of a run runs on the driver, one at a time);
/// - a job of one of the run's tasks enqueued on another thread is the run's too, and an escape
///   (something the simulator does not run resumed the task);
/// - every other job is not the run's.
///
/// Only one run is active at a time in a process: runs are serialised by the main actor, which
/// they hold from beginning to end (see <doc:Concurrency>). A namespace over process-wide state;
/// the driver's identity is an atomic, read without a lock (isolation checks must not lock).
enum JobCapture {
    /// The identity of the active run's driver thread, 0 when no run is active.
    private static let driver = Atomic<UInt>(0)
    /// The active run's scheduler.
    private static let active = Mutex<RunScheduler?>(nil)

    /// Whether the caller runs on the active run's driver thread. Lock-free.
    static var isDriverThread: Bool {
        let driver = driver.load(ordering: .acquiring)
        return driver != 0 && driver == currentThread
    }

    /// The identity of the calling thread.
    static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Makes `scheduler`'s run the active one, driven by the calling thread.
    ///
    /// Two runs active at once would share the process's executors: that is a programming error
    /// (a simulation started from inside another), and it stops the process with a message.
    static func begin(_ scheduler: RunScheduler) {
        active.withLock { active in
            if let running = active, running !== scheduler {
                preconditionFailure(
                    "JobCapture.begin: a simulation run began while another is active on this process's executors; runs are serialised on the main actor and must not nest"
                )
            }
            active = scheduler
        }
        driver.store(currentThread, ordering: .releasing)
    }

    /// Ends `scheduler`'s run: from now on no job is its. Does nothing if it is not active.
    static func end(_ scheduler: RunScheduler) {
        active.withLock { active in
            guard active === scheduler else { return }
            active = nil
            driver.store(0, ordering: .releasing)
        }
    }

    /// Hands `job` to the active run if it is the run's (see ``JobCapture``), to run as soon as
    /// the run picks it; returns false when the caller must give it to the platform's executor.
    static func capture(_ job: UnownedJob, isTask: Bool, lane: Lane) -> Bool {
        let driver = driver.load(ordering: .acquiring)
        guard driver != 0, let scheduler = active.withLock({ $0 }) else { return false }
        if driver == currentThread {
            scheduler.capture(job, isTask: isTask, lane: lane)
            return true
        }
        return scheduler.captureFromElsewhere(job, isTask: isTask, lane: lane)
    }

    /// ``capture(_:isTask:lane:)`` for a job due after `delay` of virtual time (`nil`: its clock,
    /// of type `clock`, measures time in something other than `Duration`).
    static func capture(_ job: UnownedJob, isTask: Bool, lane: Lane, after delay: Duration?, clock: Any.Type) -> Bool {
        let driver = driver.load(ordering: .acquiring)
        guard driver != 0, let scheduler = active.withLock({ $0 }) else { return false }
        guard driver == currentThread else { return scheduler.captureFromElsewhere(job, isTask: isTask, lane: lane) }
        guard let delay else {
            scheduler.noteEscape("a sleep on \(clock), whose durations are not Duration, waits in real time")
            return false
        }
        scheduler.capture(job, isTask: isTask, lane: lane, after: delay)
        return true
    }
}
