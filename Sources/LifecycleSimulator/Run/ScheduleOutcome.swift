/// What one schedule did: the events applied, the first violation if any, and the trace hash
/// that proves the run deterministic. A `Sendable` value returned by ``Simulator``.
public struct ScheduleOutcome: Sendable {
    /// The seed of the run (schedule generation and the canary).
    public var seed: UInt64
    /// The app's configuration the run used (``SimulatedApp/variants``), drawn from the seed.
    public var variant: String?
    /// The events that were legal and applied, in order (a replay of them reproduces the run).
    public var events: [SimulationEvent]
    /// Events the explorer's own replays skipped because their precondition did not hold (a
    /// shrinking candidate, an inserted crash point); always 0 for ``Simulator/replay(_:seed:)``,
    /// which refuses such an event instead.
    public var skipped: Int
    /// The first violation, or `nil` if every check passed.
    public var violation: Violation?
    /// The FNV-1a hash of the trace's records (``SimulationTrace/hash``), the same whether the
    /// run kept its trace text or not.
    public var traceHash: FNV1a64
    /// The trace records, if the options kept them.
    public var trace: [SimulationTrace.Record]
    /// Storage writes made during each applied step (the crash points of that step).
    public var writesPerStep: [Int]
    /// Main-actor yields the run needed to reach quiescence: always 0 since the simulator runs
    /// every job of the app itself and knows quiescence exactly (kept for summary files).
    public var yields: Int
    /// Virtual time the run covered, in milliseconds.
    public var simulatedMilliseconds: Int64
    /// Process incarnations launched (final check included).
    public var incarnations: Int
    /// The storage operations that changed or synced the disk, when the run recorded them (the
    /// explorer's searches): where its crash points go.
    var durableOperations: [DurableOperation] = []

    /// The trap that ended the worker process running this schedule, when one did: then
    /// ``violation`` is an ``Violation/Kind/appCrash`` at the trap's step, ``events`` are the
    /// events up to the one the process was applying, and the counts are those of the steps
    /// before it.
    public var trap: AppTrap?
    /// A violation the app's ``SimulatedApp/promises`` excused (``StorePromise``): the run counts
    /// as passed.
    public var excused: Violation?

    /// Whether every check passed.
    public var passed: Bool { violation == nil }

    /// The trace as text.
    public var traceText: String { trace.map(\.line).joined(separator: "\n") }
}
