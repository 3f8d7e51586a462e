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
    /// counts, the same ``ExplorationSummary/combinedTraceHash``, the same first failure.
    ///
    /// Slices after the first may have started without knowing the crash-point sites crashed
    /// before them (every slice of one round starts from the same state): they crash such a site
    /// again, and the fold drops that record, its replays and its hashes. What the fold cannot
    /// correct is reported as ``Merged/incomplete(prefix:resumeAt:reason:)``: a later slice
    /// started before a failure an earlier one found (the search had stopped, or was looking for
    /// a shorter failure of that kind), or one of its dropped crash points failed (the whole
    /// search never ran it, and ran the points after it).
    ///
    /// - Throws: ``MergeError`` if the slices do not follow each other or come from different
    ///   searches (another mode, or a start state the fold cannot have passed through); nothing
    ///   is merged.
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
            guard next.start.found == merged.end.found, next.start.extraFailures == merged.end.extraFailures,
                  !next.start.isFinished
            else {
                let reason = "schedule \(merged.summary.firstFailureSchedule ?? 0) failed before the slice from schedule \(next.range.lowerBound) started, which did not know it"
                return .incomplete(prefix: merged, resumeAt: next.range.lowerBound, reason: reason)
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
            merged.summary.append(next.summary, dropping: dropped)
            merged.range = merged.range.lowerBound..<next.range.upperBound
            merged.end.crashPoints.formUnion(next.end.crashPoints)
            merged.end.found = next.end.found
            merged.end.extraFailures = next.end.extraFailures
            merged.end.isFinished = next.end.isFinished
        }
        return .complete(merged)
    }
}

extension ExplorationSummary {
    /// Adds what `next`, the slice after this summary's, did, without the crash points of
    /// `dropped` (sites crashed before `next` started).
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
        if let failure = next.failure { self.failure = failure }
        if firstFailureSchedule == nil { firstFailureSchedule = next.firstFailureSchedule }
        shrinkRuns += next.shrinkRuns
    }
}
