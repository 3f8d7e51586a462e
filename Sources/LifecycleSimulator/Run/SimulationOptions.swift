/// Knobs of a simulation run. A `Sendable` value chosen by the caller.
public struct SimulationOptions: Sendable, Hashable {
    /// Scene slots (windows) the device offers.
    public var maxScenes = 3
    /// How long the app runs untouched at the end of a schedule before every edit it made must be
    /// saved (liveness: after faults stop, pending saves complete within this bound).
    public var livenessBound: Duration = .seconds(10)
    /// How long an app may take, once the storage has room again, to try a failed save again on
    /// its own (a backoff that has grown while the disk was full): the final check's liveness
    /// wait starts that long after it frees the storage, or after a ``SimulationEvent/diskFreed``
    /// of the last process, whichever is later.
    public var retryBound: Duration = .seconds(60)
    /// How long the final relaunch may take to load its data before the history check reads it
    /// (its reads and remote calls take their latency).
    public var hydrationBound: Duration = .seconds(10)
    /// Rounds of timers due at once and of jobs within one settling of the device before the app
    /// is reported as a ``Violation/Kind/busyLoop`` (a busy app settles in a few dozen); also the
    /// most jobs a dead process's unwinding runs.
    public var busyLoopLimit = 10_000
    /// The lesson's rule: edits pending when their scene (or the app) resigns active are
    /// acknowledged once the app has settled after it; and iOS's rule for restorable state: a
    /// scene's restorable edits are acknowledged once the app has settled after the scene
    /// entered the background or disconnected.
    public var acknowledgesOnInactive = true
    /// Whether to relaunch at the end and check the history (the liveness and loss checks).
    public var performsFinalCheck = true
    /// Whether the trace keeps its records (the hash is always kept).
    public var keepsTrace = true
    /// How long the app's I/O and remote calls take: by default each run draws a
    /// ``LatencyModel`` from its seed (``LatencyModel/random(_:)``), so a replay with the same
    /// seed gets the same one; `.fixed(.none)` makes everything instant.
    public var latency = Latency.drawnFromSeed

    /// Event kinds the random schedules leave out (`lifecycle-check --without power-loss,disk-full`):
    /// say what the app does not promise to survive, and the search does not charge it. Leaving
    /// out ``EventKind/powerLoss`` also leaves out the crashes in the middle of a step (which
    /// may die by one) and the power-loss deaths of the crash points, which then only kill. The
    /// kinds of ``EventKind/essential`` cannot be left out (they are kept). Empty by default.
    public var eventKindsLeftOut: Set<EventKind> = []

    /// Whether the device locks, unlocks, reboots and prewarms the app (``EventKind/deviceLock``),
    /// and its stores follow their `DataProtection` classes. Off by default: a device that never
    /// locks generates and replays the schedules it always did. An app whose stores choose
    /// protection classes switches it on, so that the default search tries them locked.
    public var deviceLocks = false

    /// The kinds a random schedule's swarm configuration draws from.
    var swarmKinds: Set<EventKind> {
        let all = deviceLocks ? EventKind.all : EventKind.all.subtracting([.deviceLock])
        guard !eventKindsLeftOut.isEmpty else { return all }
        var kinds = all.subtracting(eventKindsLeftOut).union(EventKind.essential)
        if eventKindsLeftOut.contains(.powerLoss) { kinds.remove(.crashDuringNextStep) }
        return kinds
    }

    /// Whether a run records its durable operations (for the explorer's crash points).
    var recordsDurableOperations = false

    /// Where a run's ``LatencyModel`` comes from. A value.
    public enum Latency: Hashable, Sendable {
        /// Drawn from the run's seed (a stream of its own, apart from the schedule's draws).
        case drawnFromSeed
        /// The same model for every run.
        case fixed(LatencyModel)

        /// The model of a run whose latency stream starts from `seed`.
        func model(drawingFrom seed: UInt64) -> LatencyModel {
            switch self {
            case .drawnFromSeed:
                var random = SimulationRandom(seed: SimulationRandom.derive(seed, 0))
                return LatencyModel.random(&random)
            case .fixed(let model):
                return model
            }
        }
    }

    /// Default options.
    public init() {}
}
