import Foundation

/// What the parent of a worker process asks of it, one JSON line on the worker's standard input
/// each (``WorkerService``). A `Codable` value.
package enum WorkerRequest: Codable, Sendable {
    /// Runs the schedules `lower..<upper` of the random search of `seed` from `state` in the
    /// worker's own process, after learning the crash-point sites of `learn` (`lower..<upper`
    /// too) when given.
    case slice(seed: UInt64, lower: Int, upper: Int, depth: Int, crashPoints: Bool, shrinkBudget: Int, state: ExplorationState, learn: [Int]?)
    /// Runs the random schedule of `seed`.
    case run(seed: UInt64, depth: Int, crashPoints: Bool)
    /// Replays `events` with `seed`, skipping the illegal ones.
    case replay(events: [SimulationEvent], seed: UInt64, crashPoints: Bool)

    /// The request as one line of JSON.
    package func line() throws -> String {
        String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
    }
}

/// The lines a worker writes on its standard output: `begin N` before schedule `N` of a slice,
/// `progress N` after `N` of them, `checkpoint JSON` (a ``SliceTransfer`` of the slice so far)
/// now and then, `event JSON` before it applies an event of a run, `final`
/// before the final check, and `result JSON` (a ``WorkerResult``) at the end of each request.
/// A trap ends the worker between two of them: the last says where. A namespace.
package enum WorkerLine {
    static let begin = "begin "
    static let progress = "progress "
    static let checkpoint = "checkpoint "
    static let event = "event "
    static let final = "final"
    static let result = "result "
}

/// What a worker answers a ``WorkerRequest`` with. A `Codable` value.
package enum WorkerResult: Codable, Sendable {
    case slice(SliceTransfer)
    case outcome(OutcomeTransfer)
}

/// A ``ScheduleOutcome`` as a worker sends it: everything but the trace (searches keep none). A
/// `Codable` value.
package struct OutcomeTransfer: Codable, Sendable {
    var seed: UInt64
    var variant: String?
    var events: [SimulationEvent]
    var skipped: Int
    var violation: Violation?
    var excused: Violation?
    var trap: AppTrap?
    var traceHash: UInt64
    var writesPerStep: [Int]
    var yields: Int
    var simulatedMilliseconds: Int64
    var incarnations: Int
    /// `[step, index, site]` of each durable operation.
    var durableOperations: [[UInt64]]

    init(_ outcome: ScheduleOutcome) {
        seed = outcome.seed
        variant = outcome.variant
        events = outcome.events
        skipped = outcome.skipped
        violation = outcome.violation
        excused = outcome.excused
        trap = outcome.trap
        traceHash = outcome.traceHash.value
        writesPerStep = outcome.writesPerStep
        yields = outcome.yields
        simulatedMilliseconds = outcome.simulatedMilliseconds
        incarnations = outcome.incarnations
        durableOperations = outcome.durableOperations.map { [UInt64($0.step), UInt64($0.index), $0.site] }
    }

    /// The outcome it carries.
    var outcome: ScheduleOutcome {
        var outcome = ScheduleOutcome(
            seed: seed, variant: variant, events: events, skipped: skipped, violation: violation, traceHash: FNV1a64(value: traceHash),
            trace: [], writesPerStep: writesPerStep, yields: yields, simulatedMilliseconds: simulatedMilliseconds,
            incarnations: incarnations,
            durableOperations: durableOperations.compactMap { parts in
                parts.count == 3 ? DurableOperation(step: Int(parts[0]), index: Int(parts[1]), site: parts[2]) : nil
            }
        )
        outcome.trap = trap
        outcome.excused = excused
        return outcome
    }
}

extension ScheduleOutcome {
    /// The outcome of a run that trapped in a worker process: the events it had begun, the trap
    /// as an ``Violation/Kind/appCrash``, and a trace hash made of the trap and its step (the
    /// same on every run, so the combined hash stays deterministic).
    package static func trapped(seed: UInt64, events: [SimulationEvent], trap: AppTrap) -> ScheduleOutcome {
        var hash = FNV1a64("trap")
        hash.combine(trap.message)
        hash.combine(trap.frame ?? "")
        hash.combine(trap.step)
        var outcome = ScheduleOutcome(
            seed: seed, variant: nil, events: events, skipped: 0,
            violation: Violation(kind: .appCrash, message: trap.summary, step: trap.step), traceHash: hash, trace: [],
            writesPerStep: [], yields: 0, simulatedMilliseconds: 0, incarnations: 0
        )
        outcome.trap = trap
        return outcome
    }
}
