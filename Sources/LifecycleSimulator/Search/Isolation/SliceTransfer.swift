/// An ``ExplorationSlice`` as a worker process sends it and a summary file keeps it: its counts,
/// crash points, states and failures, each shrunk failure as its schedule (the report is rebuilt
/// by replaying it, ``Explorer/slice(from:)``). A `Codable` value.
package struct SliceTransfer: Codable, Sendable {
    /// One failure of the slice, as ``BugHit`` holds it.
    package struct Hit: Codable, Sendable {
        package var schedule: Int
        package var signature: BugSignature
        package var shrinkRuns: Int
        /// The shrunk failure, when the slice shrank this one.
        package var shrunk: Shrunk?
    }

    /// A shrunk failure: its schedule, seed and violation (its trap, for an app crash), and the
    /// length of the schedule it was shrunk from.
    package struct Shrunk: Codable, Sendable {
        package var seed: UInt64
        package var events: [SimulationEvent]
        package var violation: Violation
        package var trap: AppTrap?
        package var originalEventCount: Int
    }

    package var lower: Int
    package var upper: Int
    package var start: ExplorationState
    package var end: ExplorationState
    package var mode: String
    package var schedules: Int
    package var crashReplays: Int
    package var events: Int
    /// By the kinds' names (a dictionary keyed by strings is a JSON object, whose keys a sorted
    /// encoder sorts; one keyed by ``EventKind`` is an array in the dictionary's own order).
    package var eventCounts: [String: Int]
    package var incarnations: Int
    package var simulatedMilliseconds: Int64
    package var yields: Int
    /// ``ExplorationSummary/combinedTraceHash`` in sixteen hexadecimal digits (JSON numbers above
    /// 2⁵³ do not survive every reader).
    package var combinedTraceHash: String
    package var crashPoints: [CrashPointRecord]
    package var assumptions: [String]
    package var hits: [Hit]

    /// The transfer of `slice`.
    package init(_ slice: ExplorationSlice) {
        let summary = slice.summary
        lower = slice.range.lowerBound
        upper = slice.range.upperBound
        start = slice.start
        end = slice.end
        mode = summary.mode
        schedules = summary.schedules
        crashReplays = summary.crashReplays
        events = summary.events
        eventCounts = Dictionary(uniqueKeysWithValues: summary.eventCounts.map { ($0.key.rawValue, $0.value) })
        incarnations = summary.incarnations
        simulatedMilliseconds = summary.simulatedMilliseconds
        yields = summary.yields
        combinedTraceHash = FNV1a64Hex.hex(summary.combinedTraceHash)
        crashPoints = summary.crashPoints
        assumptions = summary.assumptions
        hits = summary.hits.map { hit in
            Hit(
                schedule: hit.schedule, signature: hit.signature, shrinkRuns: hit.shrinkRuns,
                shrunk: hit.shrunk.map { report in
                    Shrunk(
                        seed: report.seed, events: report.events, violation: report.violation, trap: report.outcome.trap,
                        originalEventCount: report.originalEventCount
                    )
                }
            )
        }
    }
}

extension Explorer {
    /// The slice `transfer` describes, each shrunk failure's report rebuilt by replaying its
    /// schedule with the trace kept (a trap's steps before the trap; see
    /// ``Explorer/report(original:shrunk:)``).
    package func slice(from transfer: SliceTransfer) async -> ExplorationSlice {
        var summary = ExplorationSummary(mode: transfer.mode)
        summary.schedules = transfer.schedules
        summary.crashReplays = transfer.crashReplays
        summary.events = transfer.events
        for (name, count) in transfer.eventCounts {
            if let kind = EventKind(rawValue: name) { summary.eventCounts[kind] = count }
        }
        summary.incarnations = transfer.incarnations
        summary.simulatedMilliseconds = transfer.simulatedMilliseconds
        summary.yields = transfer.yields
        summary.combinedTraceHash = UInt64(transfer.combinedTraceHash, radix: 16) ?? 0
        summary.crashPoints = transfer.crashPoints
        summary.assumptions = transfer.assumptions
        var schedulesRun = 0
        for hit in transfer.hits {
            var report: FailureReport?
            if let shrunk = hit.shrunk {
                var outcome = ScheduleOutcome(
                    seed: shrunk.seed, variant: nil, events: shrunk.events, skipped: 0, violation: shrunk.violation,
                    traceHash: FNV1a64(), trace: [], writesPerStep: [], yields: 0, simulatedMilliseconds: 0, incarnations: 0
                )
                outcome.trap = shrunk.trap
                var original = outcome
                original.events = Array(repeating: .kill, count: shrunk.originalEventCount)
                report = await self.report(original: original, shrunk: outcome)
            }
            schedulesRun = hit.schedule - transfer.lower + 1
            summary.apply(
                BugHit(schedule: hit.schedule, signature: hit.signature, shrunk: report, shrinkRuns: hit.shrinkRuns),
                schedulesRun: schedulesRun
            )
        }
        return ExplorationSlice(range: transfer.lower..<transfer.upper, start: transfer.start, summary: summary, end: transfer.end)
    }
}
