/// Searches an app's schedules for violations: random schedules with swarm configurations, a
/// crash at every storage write of a passing schedule under every crash policy, and bounded
/// exhaustive enumeration of short schedules. The random search goes on after a failure: each
/// distinct bug (``BugSignature``) is shrunk (``Shrinker``) into a ``FailureReport`` once, and
/// counted at every schedule that hits it (``ExplorationSummary/bugs``).
///
/// ```swift
/// var explorer = Explorer(simulator: Simulator(app: LibraryExample.app(bugs: [.noFlushOnInactive])))   // SimulatorExample
/// explorer.maxFailures = nil                      // every bug in the budget
/// let summary = await explorer.explore(seed: 1, schedules: 10_000)
/// for bug in summary.bugs { print(bug.signature, bug.hits, bug.report.text) }
/// ```
///
/// Runs the schedules in this process, where a trap in the app ends the process; the worker
/// processes of `lifecycle-check` and of `expectNoLifecycleViolations` run them where a trap is
/// a finding (see <doc:Search>). A value owned by the caller; runs on the main actor.
@MainActor
public struct Explorer<Incarnation: AnyObject> {
    /// The simulator every schedule runs on.
    public var simulator: Simulator<Incarnation>
    /// Replays the shrinker may spend on one failure.
    public var shrinkBudget = 3_000
    /// A bug whose shrunk schedule is longer than this has more of its hits shrunk (up to
    /// ``extraFailures`` more), and keeps the shortest: shrinking removes events but cannot find a
    /// different, shorter path.
    public var preferredLength = 10
    /// How many more hits of one bug the search may shrink for a shorter schedule.
    public var extraFailures = 4
    /// The random search stops once it has found this many distinct bugs, each shrunk as
    /// ``preferredLength`` asks; `nil` runs the whole budget and reports every bug in it. `1` by
    /// default here (the first bug, as a test of one planted bug wants); `lifecycle-check` and
    /// `expectNoLifecycleViolations` default to `nil`.
    public var maxFailures: Int? = 1

    /// Real time after which a search starts no more schedules (`nil`: none). The schedules run
    /// stay deterministic; how many run within the budget depends on the machine. A failure
    /// found within the budget is still shrunk in full.
    public var timeBudget: Duration?

    /// Whether ``explore(seed:schedules:depth:progress:)`` also crashes the schedules that pass
    /// at their durable operations: the default search (see <doc:Search>). Off, it runs random
    /// schedules only.
    public var crashesAtDurableOperations = true

    /// The simulator with trace records off: searching only needs each run's hash; the report
    /// replays the shrunk failure with records kept.
    var searchingSimulator: Simulator<Incarnation> { searching }

    private var searching: Simulator<Incarnation> {
        var copy = simulator
        copy.options.keepsTrace = false
        return copy
    }

    /// The runner of the searches' schedules in this process.
    package var inProcessRunner: any ScheduleRunner {
        var simulator = searching
        simulator.options.recordsDurableOperations = crashesAtDurableOperations
        return InProcessRunner(simulator: simulator)
    }

    /// The rules of the random search for the failures it meets.
    package var policy: BugPolicy {
        BugPolicy(preferredLength: preferredLength, extraFailures: extraFailures, maxFailures: maxFailures)
    }

    /// Creates an explorer.
    public init(simulator: Simulator<Incarnation>) {
        self.simulator = simulator
    }

    /// Runs up to `schedules` random schedules of `depth` events; schedule `i` uses the seed
    /// derived from `seed` and `i`, with its own swarm configuration and latency model. With
    /// ``crashesAtDurableOperations`` (the default) each schedule that passes is then replayed
    /// with a kill and a power loss under every policy right before each of its durable
    /// operations not crashed yet in this search (``ExplorationSummary/crashReplays`` counts
    /// them). A failure is shrunk when it is a new bug (or a long one, see ``preferredLength``)
    /// and counted otherwise; the search goes on until ``maxFailures`` bugs are found.
    /// `progress` is called after each schedule with the number done.
    public func explore(
        seed: UInt64, schedules: Int, depth: Int = 50, progress: ((Int) -> Void)? = nil
    ) async -> ExplorationSummary {
        await explore(seed: seed, range: 0..<max(0, schedules), depth: depth, progress: progress).summary
    }

    /// Runs the schedules of `range` of the search ``explore(seed:schedules:depth:progress:)``
    /// makes, from `start` (where the search stands before the first of them): the slice of one
    /// worker process or shard. `progress` is called after each schedule with the number done in
    /// this slice; `willStart` before each with its index in the search; `checkpoint`, at most
    /// every half second of real time, with the slice so far (a worker's parent resumes from it
    /// after a trap); `runner` runs the schedules (by default, this process).
    package func explore(
        seed: UInt64, range: Range<Int>, depth: Int = 50, from start: ExplorationState = ExplorationState(),
        runner: (any ScheduleRunner)? = nil, willStart: ((Int) -> Void)? = nil,
        checkpoint: ((ExplorationSlice) -> Void)? = nil, progress: ((Int) -> Void)? = nil
    ) async -> ExplorationSlice {
        var summary = ExplorationSummary(mode: crashesAtDurableOperations ? "random + crash points" : "random")
        summary.assumptions = assumptions
        var state = start
        if state.policy == nil { state.policy = policy }
        let runner = runner ?? inProcessRunner
        var pacing = SearchPacing()
        let deadline = self.deadline
        var lastCheckpoint = ContinuousClock.now
        for index in range where !state.isFinished {
            if let deadline, ContinuousClock.now >= deadline { break }
            await pacing.yieldIfDue()
            if let checkpoint, index > range.lowerBound, lastCheckpoint.duration(to: .now) >= .milliseconds(500) {
                lastCheckpoint = .now
                checkpoint(ExplorationSlice(range: range.lowerBound..<index, start: start, summary: summary, end: state))
            }
            willStart?(index)
            await runSchedule(index, seed: seed, depth: depth, runner: runner, summary: &summary, state: &state)
            progress?(index - range.lowerBound + 1)
        }
        return ExplorationSlice(range: range, start: start, summary: summary, end: state)
    }

    /// Runs schedule `index` of the search of `seed` (its random run, then its crash points) on
    /// `runner` and handles its failure, if any, as `state` says.
    private func runSchedule(
        _ index: Int, seed: UInt64, depth: Int, runner: any ScheduleRunner,
        summary: inout ExplorationSummary, state: inout ExplorationState
    ) async {
        let scheduleSeed = SimulationRandom.derive(seed, UInt64(index))
        let outcome = await runner.run(seed: scheduleSeed, depth: depth)
        summary.add(outcome, at: index)
        var failure = outcome.violation == nil ? nil : outcome
        if failure == nil, crashesAtDurableOperations {
            for point in state.crashPoints.points(crashing: outcome, deaths: deaths) {
                var record = CrashPointRecord(schedule: index, key: point.key)
                for (death, schedule) in point.schedules.enumerated() {
                    let crashed = await runner.replay(schedule, seed: scheduleSeed)
                    record.add(crashed, death: death)
                    if crashed.violation != nil {
                        failure = crashed
                        break
                    }
                }
                summary.add(record)
                if failure != nil { break }
            }
        }
        guard let failure else { return }
        let signature = BugSignature(failure)
        var hit = BugHit(schedule: index, signature: signature, shrunk: nil)
        switch state.decision(for: signature) {
        case .ignore: return
        case .count: break
        case .shrink:
            let (report, runs) = await shrink(failure, on: runner)
            state.recordShrunk(signature, eventCount: report.events.count)
            hit.shrunk = report
            hit.shrinkRuns = runs
        }
        summary.apply(hit, schedulesRun: summary.schedules)
    }

    /// The deaths of each crash point: a kill, and a power loss under each policy unless power
    /// losses are left out (``SimulationOptions/eventKindsLeftOut``).
    private var deaths: (UInt64) -> [ProcessDeath] {
        let powerLoss = !simulator.options.eventKindsLeftOut.contains(.powerLoss)
        return { seed in powerLoss ? CrashPoints.deaths(seed: seed) : [.kill] }
    }

    /// What the search assumes of the app: the kinds left out and the stores' promises.
    var assumptions: [String] {
        var lines: [String] = []
        let leftOut = simulator.options.eventKindsLeftOut
        if !leftOut.isEmpty { lines.append("left out: " + leftOut.sorted().map(\.rawValue).joined(separator: ", ")) }
        for (name, promise) in simulator.app.promises.sorted(by: { $0.key < $1.key }) {
            lines.append("\(name): \(promise)")
        }
        return lines
    }

    /// The crash-point sites of the schedules of `range` whose random run passes, learnt
    /// without crashing any: a slice that starts after them may start with these sites crashed,
    /// since the search crashes every site of a passing schedule that it has not crashed before.
    /// (A slice that started knowing fewer sites crashes them again, and the merge drops those
    /// replays: learning them first only saves the work.)
    package func crashPointSites(seed: UInt64, range: Range<Int>, depth: Int = 50) async -> CrashPoints {
        var simulator = searching
        simulator.options.recordsDurableOperations = true
        var crashPoints = CrashPoints()
        var pacing = SearchPacing()
        for index in range {
            await pacing.yieldIfDue()
            let outcome = await simulator.run(seed: SimulationRandom.derive(seed, UInt64(index)), depth: depth)
            if outcome.passed { crashPoints.markCrashed(sitesOf: outcome) }
        }
        return crashPoints
    }

    /// Replays `events` with a crash before each storage write of each step, and at the end of
    /// each step, once as a kill and once per power-loss policy (a kill only when power losses
    /// are left out). Stops at the first failure.
    public func crashEverywhere(_ events: [SimulationEvent], seed: UInt64 = 0, limit: Int = .max) async -> ExplorationSummary {
        var summary = ExplorationSummary(mode: "crash points")
        let runner = InProcessRunner(simulator: searching)
        let base = await runner.replay(events, seed: seed)
        summary.add(base)
        if base.violation != nil {
            await fail(&summary, base)
            return summary
        }
        let deaths = self.deaths(0)
        var pacing = SearchPacing()
        let deadline = self.deadline
        for (step, writes) in base.writesPerStep.enumerated() where base.events[step].kind != .crashDuringNextStep {
            for operation in 1...(writes + 1) {
                for death in deaths {
                    guard summary.schedules < limit else { return summary }
                    if let deadline, ContinuousClock.now >= deadline { return summary }
                    await pacing.yieldIfDue()
                    var candidate = Array(base.events[..<step])
                    candidate.append(.crashDuringNextStep(atOperation: operation, death: death))
                    candidate.append(base.events[step])
                    let outcome = await runner.replay(candidate, seed: seed)
                    summary.add(outcome)
                    if outcome.violation != nil {
                        await fail(&summary, outcome)
                        return summary
                    }
                }
            }
        }
        return summary
    }

    /// Runs every legal schedule of up to `depth` events over `alphabet` (by default a small
    /// alphabet of the device's events and the app's actions), depth first, up to `limit` runs.
    public func exhaustive(depth: Int, alphabet: [SimulationEvent]? = nil, limit: Int = 10_000) async -> ExplorationSummary {
        var summary = ExplorationSummary(mode: "exhaustive")
        let runner = InProcessRunner(simulator: searching)
        let letters = alphabet ?? defaultAlphabet()
        var stack: [[SimulationEvent]] = [[]]
        var pacing = SearchPacing()
        let deadline = self.deadline
        while let prefix = stack.popLast() {
            for letter in letters.reversed() {
                guard summary.schedules < limit, summary.failure == nil else { return summary }
                if let deadline, ContinuousClock.now >= deadline { return summary }
                await pacing.yieldIfDue()
                let candidate = prefix + [letter]
                let outcome = await runner.replay(candidate, seed: 0)
                guard outcome.skipped == 0 else { continue }
                summary.add(outcome)
                if outcome.violation != nil {
                    await fail(&summary, outcome)
                    return summary
                }
                if candidate.count < depth { stack.append(candidate) }
            }
        }
        return summary
    }

    /// A small alphabet: launches, two scenes' transitions, each user action once per scene,
    /// short and long waits, and the faults.
    public func defaultAlphabet() -> [SimulationEvent] {
        var letters: [SimulationEvent] = [.launch(.user)]
        for scene in 1...2 {
            letters += [
                .connectScene(scene: scene, foreground: true, restoration: nil), .activate(scene: scene),
                .resignActive(scene: scene), .enterBackground(scene: scene), .disconnectScene(scene: scene),
            ]
            letters += simulator.app.actions.map { .userAction(name: $0.name, scene: scene, seed: 0) }
        }
        letters += [
            .advance(milliseconds: 300), .advance(milliseconds: 5_000), .suspend, .kill, .terminate,
            .powerLoss(policy: .inOrderPrefix, seed: 0),
        ]
        return letters
    }

    /// The schedule of `repro` replayed as a failure's report shows it (with the trace records
    /// the simulator's options keep): a report rebuilt from a summary file.
    package func tracedReplay(of repro: Repro) async -> ScheduleOutcome {
        await simulator.replaySkippingIllegal(repro.events, seed: repro.seed)
    }

    /// When the ``timeBudget`` of a search starting now runs out.
    private var deadline: ContinuousClock.Instant? {
        timeBudget.map { ContinuousClock.now.advanced(by: $0) }
    }

    /// Shrinks `failure` on `runner`, keeping its kind and site, and replays the result with the
    /// trace kept for its report (a trap's steps before the trap, in this process: they ran
    /// without one). Returns the report and the shrinker's runs.
    ///
    /// The candidates run on the runner's ``ScheduleRunner/shrinking`` runner; a trap shrunk
    /// there (its frame unknown) is confirmed on `runner`, and shrunk again on `runner` itself
    /// if the confirmation names another frame.
    func shrink(_ failure: ScheduleOutcome, on runner: any ScheduleRunner) async -> (FailureReport, Int) {
        let shrinker = Shrinker(simulator: searching, budget: shrinkBudget)
        var shrunk = await shrinker.shrink(failure, on: runner.shrinking)
        if let trap = shrunk.outcome.trap, trap.frame == nil, failure.trap?.frame != nil {
            let confirmed = await runner.replay(shrunk.outcome.events, seed: shrunk.outcome.seed)
            shrunk.runs += 1
            if let found = confirmed.violation, let original = failure.violation,
               BugSignature.site(of: found, trap: confirmed.trap) == BugSignature.site(of: original, trap: failure.trap) {
                shrunk.outcome = confirmed
            } else {
                let again = await shrinker.shrink(failure, on: runner)
                shrunk = (again.outcome, shrunk.runs + again.runs)
            }
        }
        return (await report(original: failure, shrunk: shrunk.outcome), shrunk.runs)
    }

    /// The report of `shrunk`, found as `original`: `shrunk` replayed with its trace.
    func report(original: ScheduleOutcome, shrunk: ScheduleOutcome) async -> FailureReport {
        guard let trap = shrunk.trap else {
            let traced = await InProcessRunner(simulator: simulator).replay(shrunk.events, seed: shrunk.seed)
            return FailureReport(appName: simulator.app.name, original: original, shrunk: traced)
        }
        var before = simulator
        before.options.performsFinalCheck = false
        var traced = await before.replaySkippingIllegal(Array(shrunk.events.prefix(trap.step)), seed: shrunk.seed)
        traced.events = shrunk.events
        traced.violation = shrunk.violation
        traced.trap = trap
        traced.trace.append(SimulationTrace.Record(
            step: trap.step, milliseconds: traced.trace.last?.milliseconds ?? 0, lane: "process", text: "TRAP \(trap.summary)"
        ))
        return FailureReport(appName: simulator.app.name, original: original, shrunk: traced)
    }

    private func fail(_ summary: inout ExplorationSummary, _ outcome: ScheduleOutcome) async {
        let (report, runs) = await shrink(outcome, on: InProcessRunner(simulator: searching))
        let hit = BugHit(schedule: summary.schedules - 1, signature: BugSignature(outcome), shrunk: report, shrinkRuns: runs)
        summary.apply(hit, schedulesRun: summary.schedules)
    }
}
