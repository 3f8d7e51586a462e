import LifecycleSimulator

/// One app with its switches chosen, on a simulator with the run's options: what the command's
/// parts (the search, a worker, the merge, the reports) ask of the app, whatever its incarnation
/// type. Made by ``CheckableApp``; lives on the main actor for one command.
@MainActor
protocol CheckSession {
    /// The app's name in reports and repro files (``SimulatedApp/name``, switches included).
    var appName: String { get }
    /// Every kind of violation the run checks: the simulator's own and one per app invariant.
    var violationKinds: [Violation.Kind] { get }

    /// Replays a repro file.
    /// - Throws: ``ReplayError`` for an event that cannot happen where it stands.
    func replay(_ repro: Repro) async throws(ReplayError) -> ScheduleOutcome
    /// The slice `range` of the random search of `seed`, from `state`, in this process (a trap
    /// in the app ends the command).
    func explore(
        seed: UInt64, range: Range<Int>, depth: Int, crashPoints: Bool, maxFailures: Int?, from state: ExplorationState,
        progress: @escaping (Int) -> Void
    ) async -> ExplorationSlice
    /// The slice `range` of the random search of `seed`, from `state`, in worker processes that
    /// `launch` starts (a trap in the app is a finding); `learn` as ``IsolatedExplorer`` says.
    /// Returns the slice, the processes started and why schedules ran again.
    /// - Throws: ``WorkerError`` when a worker fails as no trap does.
    func isolatedExplore(
        seed: UInt64, range: Range<Int>, depth: Int, crashPoints: Bool, maxFailures: Int?, from state: ExplorationState,
        learn: Range<Int>?, launch: WorkerLaunch, progress: @escaping (Int) -> Void
    ) async throws(WorkerError) -> (slice: ExplorationSlice, processes: Int, reruns: [String])
    /// Serves a parent's requests as a worker process; returns the exit status.
    func serveWorker() async -> Int32
    /// The slice a worker or a summary file describes, its reports rebuilt.
    func slice(from transfer: SliceTransfer) async -> ExplorationSlice
    /// One random schedule of `seed`, crashed at every storage write.
    func crashEverywhere(seed: UInt64, depth: Int, limit: Int) async -> ExplorationSummary
    /// Every short schedule, up to `limit`.
    func exhaustive(depth: Int, limit: Int) async -> ExplorationSummary
    /// The report of a failure a summary file describes: its repro replayed with the trace kept.
    func failureReport(repro: Repro, originalEventCount: Int) async -> FailureReport
}

/// ``CheckSession`` over a ``Simulator`` of one incarnation type. A value on the main actor.
@MainActor
struct SimulatorSession<Incarnation: AnyObject>: CheckSession {
    var simulator: Simulator<Incarnation>

    var appName: String { simulator.app.name }

    var violationKinds: [Violation.Kind] {
        Violation.Kind.builtIn + simulator.app.invariants.map { Violation.Kind.app($0.name) }
    }

    func replay(_ repro: Repro) async throws(ReplayError) -> ScheduleOutcome {
        try await simulator.replay(repro)
    }

    func explore(
        seed: UInt64, range: Range<Int>, depth: Int, crashPoints: Bool, maxFailures: Int?, from state: ExplorationState,
        progress: @escaping (Int) -> Void
    ) async -> ExplorationSlice {
        var explorer = Explorer(simulator: simulator)
        explorer.crashesAtDurableOperations = crashPoints
        explorer.maxFailures = maxFailures
        return await explorer.explore(seed: seed, range: range, depth: depth, from: state, progress: progress)
    }

    func isolatedExplore(
        seed: UInt64, range: Range<Int>, depth: Int, crashPoints: Bool, maxFailures: Int?, from state: ExplorationState,
        learn: Range<Int>?, launch: WorkerLaunch, progress: @escaping (Int) -> Void
    ) async throws(WorkerError) -> (slice: ExplorationSlice, processes: Int, reruns: [String]) {
        var explorer = Explorer(simulator: simulator)
        explorer.crashesAtDurableOperations = crashPoints
        explorer.maxFailures = maxFailures
        var isolated = IsolatedExplorer(explorer: explorer, launch: launch)
        let slice = try await isolated.explore(seed: seed, range: range, depth: depth, from: state, learn: learn, progress: progress)
        return (slice, isolated.processes, isolated.reruns)
    }

    func serveWorker() async -> Int32 {
        await Explorer(simulator: simulator).serveWorker()
    }

    func slice(from transfer: SliceTransfer) async -> ExplorationSlice {
        await Explorer(simulator: simulator).slice(from: transfer)
    }

    func crashEverywhere(seed: UInt64, depth: Int, limit: Int) async -> ExplorationSummary {
        let base = await simulator.run(seed: seed, depth: depth)
        return await Explorer(simulator: simulator).crashEverywhere(base.events, seed: seed, limit: limit)
    }

    func exhaustive(depth: Int, limit: Int) async -> ExplorationSummary {
        await Explorer(simulator: simulator).exhaustive(depth: depth, limit: limit)
    }

    func failureReport(repro: Repro, originalEventCount: Int) async -> FailureReport {
        let shrunk = await Explorer(simulator: simulator).tracedReplay(of: repro)
        return FailureReport(appName: simulator.app.name, originalEventCount: originalEventCount, violation: repro.violation, shrunk: shrunk)
    }
}
