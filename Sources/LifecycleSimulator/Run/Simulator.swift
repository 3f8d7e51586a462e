/// Runs an app on a virtual device: random schedules from a seed, replays of event lists.
///
/// ```swift
/// let simulator = Simulator(app: NotesExample.app())
/// let outcome = await simulator.run(seed: 42)          // fifty random legal events
/// #expect(outcome.passed, "\(outcome.violation!)")
/// let again = try await simulator.replay(outcome.events, seed: 42)
/// #expect(again.traceHash == outcome.traceHash)         // deterministic
/// ```
///
/// Each run builds a fresh device and disk, so runs are independent and any run can be replayed
/// from its events and seed alone. A value owned by the caller; runs on the main actor, where the
/// app lives (see <doc:Concurrency>).
@MainActor
public struct Simulator<Incarnation: AnyObject> {
    /// The app under test.
    public var app: SimulatedApp<Incarnation> {
        didSet { erasedApp = ErasedApp(app) }
    }
    /// ``app`` with its type erased, built once rather than for every run.
    private var erasedApp: ErasedApp
    /// Knobs of every run.
    public var options: SimulationOptions
    /// Creates the disk of each run.
    public var makeDisk: @Sendable () -> any DeviceDisk
    /// Told each event before a run applies it, and `nil` before its final check: a worker
    /// process says so to its parent, which learns where a trap struck (`Search/Isolation`).
    package var willApply: (@MainActor (SimulationEvent?) -> Void)?

    /// Creates a simulator for `app`. Each run's disk comes from `makeDisk`; by default a
    /// ``SimulatedDisk`` holding the app's ``SimulatedApp/initialDisk``.
    public init(
        app: SimulatedApp<Incarnation>,
        options: SimulationOptions = SimulationOptions(),
        makeDisk: (@Sendable () -> any DeviceDisk)? = nil
    ) {
        self.app = app
        self.erasedApp = ErasedApp(app)
        self.options = options
        if app.locksDevice { self.options.deviceLocks = true }
        self.makeDisk = makeDisk ?? { [image = app.initialDisk] in SimulatedDisk(image: image) }
    }

    /// Generates and runs a random schedule of up to `depth` events from `seed`: the swarm
    /// configuration (unless given) and every event come from the seed, so the same seed gives
    /// the same schedule and the same trace. Stops at the first violation.
    public func run(seed: UInt64, depth: Int = 50, swarm: SwarmConfiguration? = nil) async -> ScheduleOutcome {
        let executorsInstalled = await SimulationRun.prepareExecutors()
        return runNow(seed: seed, depth: depth, swarm: swarm, executorsInstalled: executorsInstalled)
    }

    /// Replays `events` with the canary (and the latency) of `seed`, then runs the final check.
    /// Stops at the first violation.
    ///
    /// - Throws: ``ReplayError/illegalEvent(index:event:reason:)`` for the first event that
    ///   cannot happen when its turn comes (a grant before its earliest-begin date, an activate
    ///   of a scene that is not connected): a replay applies every event or fails, never drops
    ///   one. The run is abandoned then; nothing of it is returned.
    public func replay(_ events: [SimulationEvent], seed: UInt64 = 0) async throws(ReplayError) -> ScheduleOutcome {
        let executorsInstalled = await SimulationRun.prepareExecutors()
        return try replayNow(events, seed: seed, executorsInstalled: executorsInstalled)
    }

    /// ``replay(_:seed:)`` that skips the events whose precondition does not hold (counted in
    /// ``ScheduleOutcome/skipped``, absent from its events): the explorer's own searches, whose
    /// candidates (a crash point inserted, a span of events deleted) may not all be legal.
    func replaySkippingIllegal(_ events: [SimulationEvent], seed: UInt64 = 0) async -> ScheduleOutcome {
        let executorsInstalled = await SimulationRun.prepareExecutors()
        return replaySkippingIllegalNow(events, seed: seed, executorsInstalled: executorsInstalled)
    }

    // A run, from the beginning of its capture to its end, is synchronous: the task that drives
    // it never suspends inside it, whatever executor it was on, so no other task of the process
    // can run on the main actor (and begin a run of its own) while it is active, and every job
    // enqueued on its thread meanwhile is the run's (see `JobCapture`).

    /// The kinds a random schedule's swarm configuration draws from: the options' (an app
    /// without versions to update to has no updates to draw).
    private var swarmKinds: Set<EventKind> {
        erasedApp.versions.count > 1 ? options.swarmKinds : options.swarmKinds.subtracting([.appUpdate])
    }

    private func runNow(seed: UInt64, depth: Int, swarm: SwarmConfiguration?, executorsInstalled: Bool) -> ScheduleOutcome {
        var random = SimulationRandom(seed: seed)
        let configuration = swarm ?? SwarmConfiguration.random(&random, kinds: swarmKinds)
        let run = SimulationRun(app: erasedApp, options: options, seed: seed, disk: makeDisk())
        run.beginCapture(executorsInstalled: executorsInstalled)
        run.context.record("run", "seed \(seed) swarm \(configuration)") { hash in
            hash.combine(byte: 10)
            hash.combine(seed)
            // Kinds added since (the device's locks, app updates) count only when enabled: earlier
            // runs keep their digests.
            for kind in EventKind.allCases where (kind != .deviceLock && kind != .appUpdate) || configuration.weight(of: kind) > 0 {
                hash.combine(configuration.weight(of: kind))
            }
        }
        let generator = ScheduleGenerator(swarm: configuration)
        for _ in 0..<depth {
            guard run.violation == nil, let event = generator.next(for: run, random: &random) else { break }
            willApply?(event)
            run.perform(event)
        }
        run.context.record("run", "random draws \(random.drawCount) digest \(random.digest)")
        willApply?(nil)
        return run.finish()
    }

    private func replayNow(_ events: [SimulationEvent], seed: UInt64, executorsInstalled: Bool) throws(ReplayError) -> ScheduleOutcome {
        let run = beginReplay(of: events, seed: seed, executorsInstalled: executorsInstalled)
        for (index, event) in events.enumerated() {
            guard run.violation == nil else { break }
            if let refusal = run.refusal(of: event) {
                run.abandon()
                throw .illegalEvent(index: index, event: event, reason: refusal)
            }
            run.perform(event)
        }
        return run.finish()
    }

    private func replaySkippingIllegalNow(_ events: [SimulationEvent], seed: UInt64, executorsInstalled: Bool) -> ScheduleOutcome {
        let run = beginReplay(of: events, seed: seed, executorsInstalled: executorsInstalled)
        for event in events {
            guard run.violation == nil else { break }
            willApply?(event)
            run.perform(event)
        }
        willApply?(nil)
        return run.finish()
    }

    private func beginReplay(of events: [SimulationEvent], seed: UInt64, executorsInstalled: Bool) -> SimulationRun {
        let run = SimulationRun(app: erasedApp, options: options, seed: seed, disk: makeDisk())
        run.beginCapture(executorsInstalled: executorsInstalled)
        run.context.record("run", "replay of \(events.count) events, seed \(seed)")
        return run
    }
}
