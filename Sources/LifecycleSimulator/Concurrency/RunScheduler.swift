import Lifecycle
import Synchronization

/// The ready work of one simulation run, and whose it is: the two lanes the run's jobs and
/// dispatch blocks wait in, the process each piece belongs to, the run's tasks, and the seeded
/// choice of what runs next.
///
/// - The **main lane** is first in first out, as the main actor and the main queue are.
/// - The **global lane** is a set: when it holds work, the next piece is drawn from the run's
///   scheduling stream among the head of the main lane and every piece of the global lane, so
///   that a seed explores one interleaving of concurrent work and replays it exactly.
/// - Delayed work (a `Task.sleep`, a dispatch block sent after a delay) waits as a timer of its
///   process's ``VirtualClock``, in deadline order with the clock's other timers and sleepers,
///   and joins its lane when the clock reaches it.
/// - The run is quiescent exactly when both lanes are empty and no timer is due.
///
/// Work belongs to a process (an incarnation number): a job to the process of its task (see
/// ``SimulatedTasks``), or, for other jobs, to the process whose code enqueued it; a block to the
/// process whose scheduler received it. Once a process is buried (``bury(process:)``), its work
/// goes to the ``Graveyard`` as it arrives.
///
/// Owned by one ``SimulationRun``; `Sendable`, its state behind a lock: the executors call it on
/// any thread. Its work runs on the driver (the main actor), one piece at a time (``runNext()``).
final class RunScheduler: Sendable {
    /// An escape: work of the run that something outside the simulation touched.
    struct Escape: Sendable {
        let process: Int
        let what: String
        let origin: TrackedTask?
    }

    private struct State: ~Copyable {
        var mainLane: [ScheduledWork] = []
        /// The index of the main lane's first piece not yet taken.
        var mainHead = 0
        var globalLane: [ScheduledWork] = []
        /// The run's scheduling stream.
        var random: SimulationRandom
        /// The process whose code runs now: the piece being run's, else the live process's.
        var running = 0
        /// The live process (0 when none).
        var live = 0
        /// The clock of each process that is not buried.
        var clocks: [Int: VirtualClock] = [:]
        /// Processes whose work goes to the graveyard.
        var buried: Set<Int> = []
        var tasks = SimulatedTasks()
        /// Dispatch blocks waiting for their delay, by number (their timer releases them).
        var delayedBlocks: [Int: ScheduledWork] = [:]
        var nextDelayedBlock = 0
        var escapes: [Escape] = []
        /// Set by ``finish()``: nothing is the run's any more.
        var isFinished = false

        /// Whether `process`'s work must go to the graveyard (it is buried, or there is none).
        func isBuried(_ process: Int) -> Bool {
            process == 0 || buried.contains(process)
        }

        /// Queues `work` in its lane, or buries it.
        mutating func makeReady(_ work: ScheduledWork) {
            guard !isFinished, !isBuried(work.process) else { return Graveyard.bury(work) }
            switch work.lane {
            case .main: mainLane.append(work)
            case .global: globalLane.append(work)
            }
        }

        /// The process a job belongs to: its task's (learned now if new, as the running
        /// process's), or the running process's for a job that is not a task.
        mutating func process(of job: UnownedJob, isTask: Bool) -> Int {
            guard isTask else { return running }
            if let record = tasks.record(of: SimulatedTasks.address(of: job)) { return record.process }
            return tasks.register(job, process: running, origin: WorkTracker.currentTask).process
        }

        var isEmpty: Bool { mainHead == mainLane.count && globalLane.isEmpty }

        /// Takes the next piece to run: the main lane's head when the global lane is empty, else
        /// a draw among the main lane's head and the global lane.
        mutating func takeNext() -> ScheduledWork? {
            let mainCount = mainLane.count - mainHead
            let globalCount = globalLane.count
            guard globalCount > 0 else { return mainCount > 0 ? takeMain() : nil }
            let candidates = (mainCount > 0 ? 1 : 0) + globalCount
            var draw = candidates == 1 ? 0 : random.int(below: candidates)
            if mainCount > 0 {
                if draw == 0 { return takeMain() }
                draw -= 1
            }
            return globalLane.remove(at: draw)
        }

        private mutating func takeMain() -> ScheduledWork {
            let work = mainLane[mainHead]
            mainHead += 1
            if mainHead == mainLane.count {
                mainLane.removeAll(keepingCapacity: true)
                mainHead = 0
            }
            return work
        }

        /// Buries every piece waiting in a lane or for its delay, in lane order.
        mutating func buryAll() {
            for work in mainLane[mainHead...] { Graveyard.bury(work) }
            for work in globalLane { Graveyard.bury(work) }
            for number in delayedBlocks.keys.sorted() { delayedBlocks[number].map(Graveyard.bury) }
            mainLane.removeAll()
            mainHead = 0
            globalLane.removeAll()
            delayedBlocks.removeAll()
        }

        /// Buries every piece of `process` waiting in a lane or for its delay.
        mutating func buryWork(of process: Int) {
            var kept: [ScheduledWork] = []
            for work in mainLane[mainHead...] {
                if work.process == process { Graveyard.bury(work) } else { kept.append(work) }
            }
            mainLane = kept
            mainHead = 0
            globalLane.removeAll { work in
                guard work.process == process else { return false }
                Graveyard.bury(work)
                return true
            }
            for number in delayedBlocks.keys.sorted() where delayedBlocks[number]?.process == process {
                delayedBlocks.removeValue(forKey: number).map(Graveyard.bury)
            }
        }
    }

    private let state: Mutex<State>

    /// Creates the scheduler of a run whose scheduling stream starts from `seed`.
    init(seed: UInt64) {
        state = Mutex(State(random: SimulationRandom(seed: seed)))
    }

    // MARK: The driver (main actor)

    /// Makes this run the active one (see ``JobCapture``).
    func begin() {
        JobCapture.begin(self)
    }

    /// Ends the run: nothing is its any more; what waits is buried, and the tasks are let go.
    func finish() {
        JobCapture.end(self)
        state.withLock { state in
            state.isFinished = true
            state.buryAll()
            state.clocks.removeAll()
            state.tasks.releaseAll()
        }
    }

    /// A new process starts: it is the live one, its delayed work waits on `clock`.
    func startProcess(_ process: Int, clock: VirtualClock) {
        state.withLock { state in
            state.live = process
            state.running = process
            state.clocks[process] = clock
        }
    }

    /// The live process died: no process's code runs outside its work now; its tasks are
    /// cancelled (in the order they were learned), so that they unwind when ``runNext()`` runs
    /// them. Cancellation handlers run here, on the driver.
    func processDied(_ process: Int) {
        let addresses = state.withLock { state in
            if state.live == process { state.live = 0 }
            state.running = state.live
            return state.tasks.addresses(of: process)
        }
        for address in addresses { RuntimeTask.cancel(address) }
    }

    /// From now on `process`'s work goes to the graveyard: what waits in a lane or for its delay
    /// now, and whatever arrives later.
    func bury(process: Int) {
        state.withLock { state in
            state.buried.insert(process)
            state.clocks[process] = nil
            state.buryWork(of: process)
        }
    }

    /// Whether both lanes are empty.
    var isIdle: Bool { state.withLock { $0.isEmpty } }

    /// Runs the next piece of ready work (see ``RunScheduler``) as its process; returns false
    /// when both lanes are empty.
    @MainActor
    func runNext() -> Bool {
        let next: ScheduledWork? = state.withLock { state in
            guard let work = state.takeNext() else { return nil }
            state.running = work.process
            return work
        }
        guard let work = next else { return false }
        switch work.item {
        case .job(let job):
            if #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) {
                switch work.lane {
                case .main: job.runSynchronously(on: SimulatorExecutors.mainReference)
                case .global: job.runSynchronously(on: SimulatorExecutors.globalReference)
                }
            }
        case .mainBlock(let block):
            block()
        case .globalBlock(let block):
            block()
        }
        state.withLock { $0.running = $0.live }
        return true
    }

    /// The escapes noted since the last call, oldest first.
    func takeEscapes() -> [Escape] {
        state.withLock { state in
            defer { state.escapes.removeAll() }
            return state.escapes
        }
    }

    // MARK: The executors (any thread)

    /// Queues `job`, enqueued on the driver (see ``JobCapture``).
    func capture(_ job: UnownedJob, isTask: Bool, lane: Lane) {
        state.withLock { state in
            let process = state.process(of: job, isTask: isTask)
            state.makeReady(ScheduledWork(process: process, lane: lane, item: .job(job)))
        }
    }

    /// Queues `job`, enqueued on the driver to run after `delay` of its process's virtual time.
    func capture(_ job: UnownedJob, isTask: Bool, lane: Lane, after delay: Duration) {
        let (work, clock): (ScheduledWork, VirtualClock?) = state.withLock { state in
            let process = state.process(of: job, isTask: isTask)
            return (ScheduledWork(process: process, lane: lane, item: .job(job)), state.isBuried(process) ? nil : state.clocks[process])
        }
        guard let clock else { return Graveyard.bury(work) }
        _ = clock.addTimer(at: clock.now.advanced(by: delay)) { [self] in makeReady(work) }
    }

    /// Takes `job`, enqueued on another thread while the run is active, if it is a job of one of
    /// the run's tasks: something the simulator does not run (a real dispatch queue, a thread, a
    /// callback of the platform) resumed the task. The job joins its lane and the escape is noted.
    func captureFromElsewhere(_ job: UnownedJob, isTask: Bool, lane: Lane) -> Bool {
        guard isTask else { return false }
        return state.withLock { state in
            guard !state.isFinished, let record = state.tasks.record(of: SimulatedTasks.address(of: job)) else { return false }
            state.escapes.append(
                Escape(
                    process: record.process,
                    what: "a task was resumed from a thread the simulator does not run (a real dispatch queue, thread or platform callback)",
                    origin: record.origin
                )
            )
            state.makeReady(ScheduledWork(process: record.process, lane: lane, item: .job(job)))
            return true
        }
    }

    /// Notes an escape of the running process (`what` says what escaped).
    func noteEscape(_ what: String) {
        state.withLock { state in
            state.escapes.append(Escape(process: state.running, what: what, origin: WorkTracker.currentTask))
        }
    }

    // MARK: Dispatch blocks (any thread)

    /// Queues a block of `process`'s dispatch scheduler, after `delay` of the process's virtual
    /// time when given. A block sent from a thread the simulator does not run is still the run's,
    /// and an escape; one sent after the run ended is buried.
    func enqueue(_ item: ScheduledWork.Item, lane: Lane, process: Int, after delay: Duration?) {
        let work = ScheduledWork(process: process, lane: lane, item: item)
        let isDriver = JobCapture.isDriverThread
        let delayed: (number: Int, clock: VirtualClock)? = state.withLock { state in
            if !isDriver, !state.isFinished {
                state.escapes.append(
                    Escape(process: process, what: "a dispatch block was sent from a thread the simulator does not run", origin: nil)
                )
            }
            if delay != nil, !state.isFinished, !state.isBuried(process), let clock = state.clocks[process] {
                state.nextDelayedBlock += 1
                state.delayedBlocks[state.nextDelayedBlock] = work
                return (state.nextDelayedBlock, clock)
            }
            // Due now, or its process has no time left to wait in: ready, or buried.
            state.makeReady(work)
            return nil
        }
        guard let delayed, let delay else { return }
        _ = delayed.clock.addTimer(at: delayed.clock.now.advanced(by: delay)) { [self] in releaseDelayedBlock(delayed.number) }
    }

    /// A delayed block's timer fired: the block joins its lane.
    private func releaseDelayedBlock(_ number: Int) {
        state.withLock { state in
            guard let work = state.delayedBlocks.removeValue(forKey: number) else { return }
            state.makeReady(work)
        }
    }

    /// Queues `work` whose delay passed, or buries it.
    private func makeReady(_ work: ScheduledWork) {
        state.withLock { $0.makeReady(work) }
    }
}
