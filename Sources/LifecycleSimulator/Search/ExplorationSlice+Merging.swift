extension ExplorationSlice {
    /// What folding slices gave: the whole search, or the part of it that could be folded and
    /// where the rest must be run again from that part's ``ExplorationSlice/end``.
    package enum Merged: Sendable {
        /// The slices fold into this one: the search as one process would have run it.
        case complete(ExplorationSlice)
        /// The slices up to `resumeAt` fold into `prefix`; the slice from `resumeAt` on started
        /// from a state the search was not in (`reason` says how), so its schedules from there
        /// must run again from `prefix.end`.
        case incomplete(prefix: ExplorationSlice, resumeAt: Int, reason: String)
    }

    /// A reason two slices cannot be folded.
    package struct MergeError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Folds `slices` (in the order of their ranges, each starting where the one before ends)
    /// into one, exactly as one process running their schedules in order would have: the same
    /// counts, the same ``ExplorationSummary/combinedTraceHash``, the same bugs.
    ///
    /// Slices after the first may have started without knowing the crash-point sites crashed
    /// before them (every slice of one round starts from the same state): they crash such a site
    /// again, and the fold drops that record, its replays and its hashes. They may also not know
    /// the bugs found before them: the fold goes through their failures in order and decides each
    /// as the whole search would have (``ExplorationState/decision(for:)``): a bug already
    /// shrunk well enough is counted, and the slice's shrinking of it dropped. What the fold
    /// cannot correct is reported as ``Merged/incomplete(prefix:resumeAt:reason:)``: a failure the
    /// whole search would have shrunk that the slice did not, the search finished (its
    /// ``BugPolicy/maxFailures``) before the slice's end, or one of its dropped crash points
    /// failed (the whole search never ran it, and ran the points after it).
    ///
    /// - Throws: ``MergeError`` if the slices do not follow each other or come from different
    ///   searches (another mode or policy, or a start state the fold cannot have passed
    ///   through); nothing is merged.
    package static func merging(_ slices: [ExplorationSlice]) throws(MergeError) -> Merged {
        guard var merged = slices.first else { throw MergeError(description: "no slices to merge") }
        for next in slices.dropFirst() {
            guard next.range.lowerBound == merged.range.upperBound else {
                throw MergeError(description: "schedules \(merged.range.upperBound)..<\(next.range.lowerBound) are missing or covered twice (a slice ends at \(merged.range.upperBound), the next starts at \(next.range.lowerBound))")
            }
            guard next.summary.mode == merged.summary.mode else {
                throw MergeError(description: "a slice of mode '\(next.summary.mode)' cannot follow one of mode '\(merged.summary.mode)'")
            }
            if merged.end.isFinished {
                merged.range = merged.range.lowerBound..<next.range.upperBound
                continue
            }
            guard next.end.policy == merged.end.policy, !next.start.isFinished else {
                throw MergeError(description: "the slice of schedules \(next.range) follows other rules for failures than the slices before it")
            }
            guard next.start.crashPoints.tried.isSubset(of: merged.end.crashPoints.tried) else {
                throw MergeError(description: "the slice of schedules \(next.range) started from crash points its predecessors never crashed")
            }
            let crashedBefore = merged.end.crashPoints.tried
            let dropped = next.summary.crashPoints.filter { crashedBefore.contains($0.key) }
            if let failed = dropped.first(where: { $0.failure != nil }) {
                let reason = "schedule \(failed.schedule + 1) failed at a crash point the schedules before it had crashed already"
                return .incomplete(prefix: merged, resumeAt: next.range.lowerBound, reason: reason)
            }
            var state = merged.end
            var summary = merged.summary
            let schedulesBefore = summary.schedules
            summary.append(next.summary, dropping: dropped)
            let lastHit = next.summary.hits.last?.schedule
            for var hit in next.summary.hits {
                switch state.decision(for: hit.signature) {
                case .ignore:
                    continue
                case .count:
                    hit.shrunk = nil
                    hit.shrinkRuns = 0
                case .shrink:
                    guard let shrunk = hit.shrunk else {
                        let reason = "schedule \(hit.schedule + 1) hit \(hit.signature), which the slice from schedule \(next.range.lowerBound) did not shrink: it did not know the bugs found before it"
                        return .incomplete(prefix: merged, resumeAt: next.range.lowerBound, reason: reason)
                    }
                    state.recordShrunk(hit.signature, eventCount: shrunk.events.count)
                }
                summary.apply(hit, schedulesRun: schedulesBefore + hit.schedule - next.range.lowerBound + 1)
                if state.isFinished, !(next.end.isFinished && hit.schedule == lastHit) {
                    let reason = "the search had its bugs at schedule \(hit.schedule + 1); the slice from schedule \(next.range.lowerBound) went on"
                    return .incomplete(prefix: merged, resumeAt: next.range.lowerBound, reason: reason)
                }
            }
            merged.summary = summary
            merged.range = merged.range.lowerBound..<next.range.upperBound
            merged.end.crashPoints.formUnion(next.end.crashPoints)
            merged.end.bugs = state.bugs
            merged.end.isFinished = state.isFinished
        }
        return .complete(merged)
    }
}

extension ExplorationSummary {
    /// Adds the counts of what `next`, the slice after this summary's, did, without the crash
    /// points of `dropped` (sites crashed before `next` started). Its bugs are the fold's to add.
    mutating func append(_ next: ExplorationSummary, dropping dropped: [CrashPointRecord]) {
        schedules += next.schedules
        events += next.events
        eventCounts.merge(next.eventCounts, uniquingKeysWith: +)
        incarnations += next.incarnations
        simulatedMilliseconds += next.simulatedMilliseconds
        yields += next.yields
        combinedTraceHash ^= next.combinedTraceHash
        crashReplays += next.crashReplays
        let droppedSet = Set(dropped)
        for record in dropped {
            combinedTraceHash ^= record.hash
            crashReplays -= record.replays
        }
        crashPoints += next.crashPoints.filter { !droppedSet.contains($0) }
    }
}
