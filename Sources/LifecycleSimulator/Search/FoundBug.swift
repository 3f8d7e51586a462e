/// One distinct bug a search found (one ``BugSignature``): its shrunk report, how many of the
/// search's schedules hit it and the first of them. A `Sendable` value in
/// ``ExplorationSummary/bugs``.
public struct FoundBug: Sendable {
    /// What tells it apart from the other bugs, as the schedule that found it failed.
    public var signature: BugSignature
    /// The shortest shrunk failure kept for it (the search shrinks the first schedule that hit
    /// it, and more of them while the kept one is longer than ``Explorer/preferredLength``).
    public var report: FailureReport
    /// Schedules that hit it (a crash replay that hit it counts its schedule).
    public var hits: Int
    /// How many schedules had run when it was first hit (its own included): schedules-to-find.
    public var firstSchedule: Int
    /// How many of its hits were shrunk.
    public var shrinks: Int
}

/// One schedule of a search that failed, as the search handled it: its index, its signature and,
/// when the search shrank it, the shrunk report. Kept in order in the summary so that slices of
/// a search fold exactly (``ExplorationSlice/merging(_:)``). A value.
package struct BugHit: Sendable {
    package var schedule: Int
    package var signature: BugSignature
    package var shrunk: FailureReport?
    /// The shrinker's runs for it.
    package var shrinkRuns: Int

    package init(schedule: Int, signature: BugSignature, shrunk: FailureReport?, shrinkRuns: Int = 0) {
        self.schedule = schedule
        self.signature = signature
        self.shrunk = shrunk
        self.shrinkRuns = shrinkRuns
    }
}

/// How a search treats the failures it meets: which it shrinks, and when it stops. Part of
/// ``ExplorationState`` so that every slice of a search follows the same rules. A `Codable`
/// value.
package struct BugPolicy: Hashable, Sendable, Codable {
    /// A bug whose shrunk schedule is longer than this has more of its hits shrunk.
    package var preferredLength = 10
    /// How many more hits of one bug may be shrunk, looking for a shorter schedule.
    package var extraFailures = 4
    /// The search stops once it has found this many distinct bugs and shrunk each as the rules
    /// say (`nil`: it runs its whole budget).
    package var maxFailures: Int?

    package init(preferredLength: Int = 10, extraFailures: Int = 4, maxFailures: Int? = nil) {
        self.preferredLength = preferredLength
        self.extraFailures = extraFailures
        self.maxFailures = maxFailures
    }
}

extension ExplorationState {
    /// What a search does with a failure of `signature`, given the bugs found so far.
    package enum Decision: Hashable, Sendable {
        /// Shrink it: a new bug, or one whose kept schedule is still long.
        case shrink
        /// Count it as another hit of a bug already shrunk well enough.
        case count
        /// Leave it: the search has its ``BugPolicy/maxFailures`` bugs already.
        case ignore
    }

    /// The decision for a failure of `signature`.
    package func decision(for signature: BugSignature) -> Decision {
        let policy = self.policy ?? BugPolicy()
        guard let progress = bugs[signature] else {
            if let max = policy.maxFailures, bugs.count >= max { return .ignore }
            return .shrink
        }
        return isSettled(progress) ? .count : .shrink
    }

    /// Records a failure of `signature` shrunk to `eventCount` events; marks the search finished
    /// when it has all the bugs its policy asks for, each settled.
    package mutating func recordShrunk(_ signature: BugSignature, eventCount: Int) {
        var progress = bugs[signature] ?? BugProgress(eventCount: eventCount, shrinks: 0)
        progress.eventCount = min(progress.eventCount, eventCount)
        progress.shrinks += 1
        bugs[signature] = progress
        if let max = (policy ?? BugPolicy()).maxFailures, bugs.count >= max, bugs.values.allSatisfy(isSettled) { isFinished = true }
    }

    /// Whether no more hits of a bug with `progress` need shrinking.
    private func isSettled(_ progress: BugProgress) -> Bool {
        let policy = self.policy ?? BugPolicy()
        return progress.eventCount <= policy.preferredLength || progress.shrinks >= 1 + policy.extraFailures
    }
}

extension ExplorationSummary {
    /// Adds `hit` as the search decided it: a new bug, a shorter report for a known one, or one
    /// more hit of it. `schedulesRun` is the count of schedules run when it was hit.
    mutating func apply(_ hit: BugHit, schedulesRun: Int) {
        hits.append(hit)
        shrinkRuns += hit.shrinkRuns
        if let index = bugs.firstIndex(where: { $0.signature == hit.signature }) {
            bugs[index].hits += 1
            if let shrunk = hit.shrunk {
                bugs[index].shrinks += 1
                if shrunk.events.count < bugs[index].report.events.count { bugs[index].report = shrunk }
            }
        } else if let shrunk = hit.shrunk {
            bugs.append(FoundBug(signature: hit.signature, report: shrunk, hits: 1, firstSchedule: schedulesRun, shrinks: 1))
        }
    }
}
