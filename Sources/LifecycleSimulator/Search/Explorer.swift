/// Searches an app's schedules for violations: random schedules with swarm configurations, a
/// crash at every storage write of a passing schedule under every crash policy, and bounded
/// exhaustive enumeration of short schedules. Every search stops at the first failure and shrinks
/// it (``Shrinker``) into a ``FailureReport``.
///
/// ```swift
/// let explorer = Explorer(simulator: Simulator(app: LibraryExample.app(bugs: [.noFlushOnInactive])))   // SimulatorExample
/// let summary = await explorer.explore(seed: 1, schedules: 10_000)
/// if let failure = summary.failure { print(failure.text) }
/// ```
///
/// A value owned by the caller; runs on the main actor.
@MainActor
public struct Explorer<Incarnation: AnyObject> {
    /// The simulator every schedule runs on.
    public var simulator: Simulator<Incarnation>
    /// Replays the shrinker may spend on one failure.
    public var shrinkBudget = 3_000
    /// A random search that finds a failure whose shrunk schedule is longer than this keeps
    /// searching (within its schedule budget) for up to ``extraFailures`` more failures, and
    /// reports the shortest: shrinking removes events but cannot find a different, shorter path.
    public var preferredLength = 10
    /// How many more failures a random search may look at for a shorter one.
    public var extraFailures = 4

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
    private var searching: Simulator<Incarnation> {
        var copy = simulator
        copy.options.keepsTrace = false
        return copy
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
    /// them). `progress` is called after each schedule with the number done.
    public func explore(
        seed: UInt64, schedules: Int, depth: Int = 50, progress: ((Int) -> Void)? = nil
    ) async -> ExplorationSummary {
        var summary = ExplorationSummary(mode: crashesAtDurableOperations ? "random + crash points" : "random")
        var simulator = searching
        simulator.options.recordsDurableOperations = crashesAtDurableOperations
        var crashPoints = CrashPoints()
        var extra = 0
        var pacing = SearchPacing()
        let deadline = self.deadline
        search: for index in 0..<schedules {
            if let deadline, ContinuousClock.now >= deadline { break }
            await pacing.yieldIfDue()
            let scheduleSeed = SimulationRandom.derive(seed, UInt64(index))
            let outcome = await simulator.run(seed: scheduleSeed, depth: depth)
            summary.add(outcome)
            progress?(index + 1)
            var failures = outcome.violation == nil ? [] : [outcome]
            if failures.isEmpty, crashesAtDurableOperations {
                for schedule in crashPoints.schedules(crashing: outcome) {
                    let crashed = await simulator.replaySkippingIllegal(schedule, seed: scheduleSeed)
                    summary.addCrashReplay(crashed)
                    if crashed.violation != nil {
                        failures.append(crashed)
                        break
                    }
                }
            }
            for failure in failures {
                guard let violation = failure.violation else { continue }
                if let found = summary.failure {
                    guard violation.kind == found.violation.kind else { continue }
                    var candidate = summary
                    await fail(&candidate, failure)
                    summary.shrinkRuns += candidate.shrinkRuns
                    if let shorter = candidate.failure, shorter.events.count < found.events.count {
                        summary.failure = shorter
                    }
                    extra += 1
                } else {
                    summary.firstFailureSchedule = summary.schedules
                    await fail(&summary, failure)
                }
                if (summary.failure?.events.count ?? 0) <= preferredLength || extra >= extraFailures { break search }
            }
        }
        return summary
    }

    /// Replays `events` with a crash before each storage write of each step, and at the end of
    /// each step, once as a kill and once per power-loss policy. Stops at the first failure.
    public func crashEverywhere(_ events: [SimulationEvent], seed: UInt64 = 0, limit: Int = .max) async -> ExplorationSummary {
        var summary = ExplorationSummary(mode: "crash points")
        let simulator = searching
        let base = await simulator.replaySkippingIllegal(events, seed: seed)
        summary.add(base)
        if base.violation != nil {
            await fail(&summary, base)
            return summary
        }
        let deaths: [ProcessDeath] = [.kill] + PowerLossPolicy.allCases.map { .powerLoss(policy: $0, seed: 0) }
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
                    let outcome = await simulator.replaySkippingIllegal(candidate, seed: seed)
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
        let simulator = searching
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
                let outcome = await simulator.replaySkippingIllegal(candidate, seed: 0)
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

    /// When the ``timeBudget`` of a search starting now runs out.
    private var deadline: ContinuousClock.Instant? {
        timeBudget.map { ContinuousClock.now.advanced(by: $0) }
    }

    private func fail(_ summary: inout ExplorationSummary, _ outcome: ScheduleOutcome) async {
        let shrinker = Shrinker(simulator: searching, budget: shrinkBudget)
        let shrunk = await shrinker.shrink(outcome)
        summary.shrinkRuns = shrunk.runs
        let traced = await simulator.replaySkippingIllegal(shrunk.outcome.events, seed: shrunk.outcome.seed)
        summary.failure = FailureReport(appName: simulator.app.name, original: outcome, shrunk: traced)
    }
}
