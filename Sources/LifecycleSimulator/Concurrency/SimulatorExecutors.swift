// The one file of the simulator that uses Swift's experimental executor SPI (Swift 6.2 and later;
// written and measured against Swift 6.3.1 on Linux). `ExecutorFactory`, `MainExecutor`,
// `_createExecutors(factory:)` and `ExecutorJob.kind` sit behind `@_spi(ExperimentalCustomExecutors)`,
// `SchedulingExecutor` (how `Task.sleep` reaches an executor) behind `@_spi(ExperimentalScheduling)`.
// Their spelling may change in a later toolchain; nothing outside this file names them.
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import Dispatch
import Lifecycle
import Synchronization

/// The simulator's main and default executors: every job of Swift concurrency in the process
/// reaches them, and they hand it to the simulation run that owns it, or to the platform's
/// executors.
///
/// Installed once per process, at the first simulation run, with the experimental executor
/// factory (`_createExecutors(factory:)` — late, after the platform's executors have started,
/// which works in an ordinary program and in a `swift test` binary alike). From then on:
///
/// - a job enqueued on the thread that runs a simulation (``JobCapture``), main or global, with or
///   without a delay (`Task.sleep` on any clock reaches ``SimulatedMainExecutor`` or
///   ``SimulatedDefaultExecutor`` as a scheduled job), belongs to that run;
/// - a job of one of the run's tasks enqueued from another thread is the run's too, and an escape;
/// - every other job (other tests running in parallel, the test harness, a real app) goes to the
///   platform's executors, as if nothing were installed: main jobs to the main dispatch queue,
///   global jobs to the platform's default executor.
///
/// A namespace; its executors are process-wide singletons, `Sendable`.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
enum SimulatorExecutors {
    /// The main executor the factory installs.
    static let main = SimulatedMainExecutor()
    /// The default (global) executor the factory installs.
    static let global = SimulatedDefaultExecutor()
    /// ``main`` as the runtime names it, to run a main-lane job on.
    static let mainReference = main.asUnownedSerialExecutor()
    /// ``global`` as the runtime names it, to run a global-lane job on.
    static let globalReference = global.asUnownedTaskExecutor()

    /// Whether the executors are installed (`nil` before the first ``install()``).
    private static let installation = Mutex<Bool?>(nil)

    /// Installs the executors if no one has yet (once per process); returns whether they are
    /// installed.
    ///
    /// Tasks running on the platform's main executor when they are installed may stay there (a
    /// task resumes on the executor it suspended on): harmless, since a run never suspends its
    /// task between its beginning and its end (see ``JobCapture``).
    static func install() -> Bool {
        installation.withLock { installation in
            if let installed = installation { return installed }
            _createExecutors(factory: SimulatorExecutorFactory.self)
            let installed = MainActor.executor === main
            installation = installed
            return installed
        }
    }

    /// The delay until `instant` on `clock`, as virtual time: a real clock's instant was computed
    /// from its real `now` a moment ago, and real time has passed since (microseconds, or
    /// milliseconds on a loaded machine or at a process's first sleep), so the delay is rounded up
    /// to ``realDelayQuantum``: the same virtual delay whatever that moment was, for every sleep of
    /// a whole number of quanta. `nil` for a clock whose durations are not `Duration`.
    fileprivate static func virtualDelay<C: Clock>(until instant: C.Instant, on clock: C) -> Duration? {
        guard let delay = clock.now.duration(to: instant) as? Duration else { return nil }
        return roundedUp(delay)
    }

    /// `delay` on `clock` as virtual time (exact: a delay does not depend on `now`).
    fileprivate static func virtualDelay<C: Clock>(_ delay: C.Duration, on clock: C) -> Duration? {
        delay as? Duration
    }

    /// The quantum real-clock delays are rounded up to: 10 ms.
    static let realDelayQuantum = Duration.milliseconds(10)

    /// `delay` rounded up to a whole number of ``realDelayQuantum``, at least one: a sleep that
    /// was due a moment ago (or at once) still takes one quantum.
    static func roundedUp(_ delay: Duration) -> Duration {
        let quanta = (delay / realDelayQuantum).rounded(.up)
        return realDelayQuantum * max(1, quanta)
    }

    /// A job the runtime gave one of the executors, for `lane`: the active run's if it is one
    /// (see ``JobCapture``), else the platform's.
    fileprivate static func route(_ job: consuming ExecutorJob, to lane: Lane) {
        let isTask = job.kind == .task
        let job = UnownedJob(job)
        if JobCapture.capture(job, isTask: isTask, lane: lane) { return }
        forward(job, to: lane)
    }

    /// ``route(_:to:)`` for a job due after `delay` of virtual time (`nil` for a `clock` whose
    /// durations are not `Duration`).
    fileprivate static func route(_ job: consuming ExecutorJob, to lane: Lane, after delay: Duration?, clock: Any.Type) {
        let isTask = job.kind == .task
        let job = UnownedJob(job)
        if JobCapture.capture(job, isTask: isTask, lane: lane, after: delay, clock: clock) { return }
        forward(job, to: lane, after: delay ?? .zero)
    }

    /// Gives `job` to the platform: a main job runs on the main dispatch queue as a job of
    /// ``main`` (the main actor's executor), a global job on the platform's default executor;
    /// after `delay` when given.
    private static func forward(_ job: UnownedJob, to lane: Lane, after delay: Duration? = nil) {
        switch (lane, delay) {
        case (.main, nil):
            DispatchQueue.main.async { job.runSynchronously(on: mainReference) }
        case (.main, let delay?):
            DispatchQueue.main.asyncAfter(deadline: SystemDispatchScheduler.deadline(after: delay)) {
                job.runSynchronously(on: mainReference)
            }
        case (.global, nil):
            platformDefault.enqueue(job)
        case (.global, let delay?):
            DispatchQueue.global().asyncAfter(deadline: SystemDispatchScheduler.deadline(after: delay)) { platformDefault.enqueue(job) }
        }
    }

    /// The platform's default executor, where global jobs that are not a run's go.
    private static let platformDefault = PlatformExecutorFactory.defaultExecutor
    /// The platform's main executor, which runs the process's main loop.
    fileprivate static let platformMain = PlatformExecutorFactory.mainExecutor
}

/// The factory `_createExecutors(factory:)` reads the two executors from.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
private struct SimulatorExecutorFactory: ExecutorFactory {
    static var mainExecutor: any MainExecutor { SimulatorExecutors.main }
    static var defaultExecutor: any TaskExecutor { SimulatorExecutors.global }
}

/// What both of the simulator's executors do with the jobs the runtime gives them: route each,
/// delayed or not, by the executor's lane (see ``SimulatorExecutors/route(_:to:)``).
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
protocol LaneExecutor: SchedulingExecutor {
    /// The lane this executor's jobs join in a run.
    var lane: Lane { get }
}

@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
extension LaneExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        SimulatorExecutors.route(job, to: lane)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        SimulatorExecutors.route(job, to: lane, after: SimulatorExecutors.virtualDelay(until: instant, on: clock), clock: C.self)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        SimulatorExecutors.route(job, to: lane, after: SimulatorExecutors.virtualDelay(delay, on: clock), clock: C.self)
    }
}

/// The main actor's executor once the simulator is installed: jobs of a simulation run go to its
/// main lane; others run on the main dispatch queue, as on the platform's executor. A process-wide
/// singleton (``SimulatorExecutors/main``); its methods are called by the runtime on any thread.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
final class SimulatedMainExecutor: MainExecutor, LaneExecutor, @unchecked Sendable {
    // Safe because: the class has no stored state; everything it decides goes through
    // `JobCapture`, whose state is atomic or behind a lock.

    var isMainExecutor: Bool { true }

    /// Main-lane jobs: the main actor's and the main queue's.
    var lane: Lane { .main }

    /// Whether the caller may act as the main actor: on the thread running a simulation (its jobs
    /// run there one at a time, the main lane's and the global lane's alike), or on the main
    /// dispatch queue. Lock-free, as the runtime requires.
    func isIsolatingCurrentContext() -> Bool? {
        JobCapture.isDriverThread || MainQueue.isCurrent
    }

    /// Traps unless ``isIsolatingCurrentContext()``: main-actor isolation asserted elsewhere.
    func checkIsolated() {
        if JobCapture.isDriverThread { return }
        dispatchPrecondition(condition: .onQueue(.main))
    }

    /// Runs the process's main loop: the platform's (the main dispatch queue, where the jobs that
    /// are not a run's go), should the runtime ask the installed executor for it.
    func run() throws {
        try SimulatorExecutors.platformMain.run()
    }

    /// Stops the platform's main loop.
    func stop() {
        SimulatorExecutors.platformMain.stop()
    }
}

/// The global (default) executor once the simulator is installed: jobs of a simulation run go to
/// its global lane; others to the platform's default executor. A process-wide singleton
/// (``SimulatorExecutors/global``); its methods are called by the runtime on any thread.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
final class SimulatedDefaultExecutor: TaskExecutor, LaneExecutor, @unchecked Sendable {
    // Safe because: the class has no stored state (see `SimulatedMainExecutor`).

    var isMainExecutor: Bool { false }

    /// Global-lane jobs: the cooperative pool's.
    var lane: Lane { .global }
}
