/// How ``expectNoLifecycleViolations(in:seed:schedules:depth:mode:maxFailures:isolation:timeBudget:options:sourceLocation:)``
/// searches: the searches of `lifecycle-check --mode`. A value, `Sendable`.
public enum ExplorationMode: String, Sendable, CaseIterable {
    /// Random schedules, each one that passes replayed with a kill and a power loss at every
    /// durable operation not crashed yet (the default search; `--mode mixed`).
    case mixed
    /// Random schedules only (`--mode random`).
    case random
    /// One random schedule from the seed, crashed at every storage write of every step, once as a
    /// kill and once per power-loss policy (`--mode crash`).
    case crash
    /// Every legal schedule of up to `depth` events over a small alphabet, depth first
    /// (`--mode exhaustive`; keep `depth` to 3 or 4).
    case exhaustive
}
