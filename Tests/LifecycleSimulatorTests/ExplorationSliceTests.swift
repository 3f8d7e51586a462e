import Foundation
import LifecycleSimulator
import SimulatorExample
import Testing

/// A random search cut into slices — the worker processes of `lifecycle-check --jobs`, the shards
/// of a CI matrix — folds into the search run whole: the same summary, combined trace hash and
/// first failure, rerunning what a slice could not know.
@Suite("Exploration slices")
@MainActor
struct ExplorationSliceTests {
    /// Events per schedule: shorter than a real search's, so the suite holds the main actor less.
    static let depth = 25

    /// `explorer`'s search of `schedules` from `seed`, cut at `cuts`, every slice of a round
    /// started from the round's state, folded; a round runs again from where the fold says.
    func sliced(
        _ explorer: Explorer<LibraryExample>, seed: UInt64 = 1, schedules: Int, cuts: [Int], learn: Int = 0
    ) async throws -> (slice: ExplorationSlice, reruns: Int) {
        var folded: ExplorationSlice?
        var start = 0
        var state = ExplorationState()
        var reruns = 0
        while true {
            let bounds = [start] + cuts.filter { $0 > start && $0 < schedules } + [schedules]
            var slices: [ExplorationSlice] = []
            for (lower, upper) in zip(bounds, bounds.dropFirst()) {
                var from = state
                if lower > start, learn > 0 {
                    from.crashPoints.formUnion(await explorer.crashPointSites(seed: seed, range: start..<min(lower, start + learn), depth: Self.depth))
                }
                slices.append(await explorer.explore(seed: seed, range: lower..<upper, depth: Self.depth, from: from))
            }
            switch try ExplorationSlice.merging((folded.map { [$0] } ?? []) + slices) {
            case .complete(let whole):
                return (whole, reruns)
            case .incomplete(let prefix, let resumeAt, _):
                folded = prefix
                start = resumeAt
                state = prefix.end
                reruns += 1
            }
        }
    }

    func expectSame(_ merged: ExplorationSummary, _ whole: ExplorationSummary) {
        #expect(merged.table == whole.table)
        #expect(merged.combinedTraceHash == whole.combinedTraceHash)
        #expect(merged.crashPoints == whole.crashPoints)
        #expect(merged.yields == whole.yields && merged.shrinkRuns == whole.shrinkRuns)
        #expect(merged.failure?.events == whole.failure?.events)
        #expect(merged.failure?.outcome.traceHash == whole.failure?.outcome.traceHash)
    }

    @Test("a passing search cut into slices folds into the whole search: table, combined hash and crash points")
    func passingSlicesFold() async throws {
        let explorer = Explorer(simulator: Simulator(app: LibraryExample.app()))
        let whole = await explorer.explore(seed: 3, schedules: 24, depth: Self.depth)
        #expect(whole.passed && whole.crashReplays > 0)
        for cuts in [[1, 12], [23]] {
            let (merged, reruns) = try await sliced(explorer, seed: 3, schedules: 24, cuts: cuts)
            expectSame(merged.summary, whole)
            #expect(reruns == 0)
            #expect(merged.range == 0..<24)
        }
    }

    @Test("a slice that learnt the sites of the schedules before it repeats fewer crash points and folds the same")
    func learntSitesFold() async throws {
        let explorer = Explorer(simulator: Simulator(app: LibraryExample.app()))
        let whole = await explorer.explore(seed: 3, schedules: 24, depth: Self.depth)
        let second = await explorer.explore(seed: 3, range: 12..<24, depth: Self.depth)
        var learnt = ExplorationState()
        learnt.crashPoints = await explorer.crashPointSites(seed: 3, range: 0..<6, depth: Self.depth)
        let informed = await explorer.explore(seed: 3, range: 12..<24, depth: Self.depth, from: learnt)
        #expect(informed.summary.crashReplays < second.summary.crashReplays)
        let (merged, _) = try await sliced(explorer, seed: 3, schedules: 24, cuts: [12], learn: 6)
        expectSame(merged.summary, whole)
    }

    @Test("a failure ends the folded search where the whole search ends, in the first slice or a later one")
    func failureEndsTheFold() async throws {
        var explorer = Explorer(simulator: Simulator(app: LibraryExample.app(bugs: [.noFlushOnInactive])))
        explorer.shrinkBudget = 100  // the fold is under test, not how short the shrinker gets
        explorer.preferredLength = 1_000  // any failure is short enough: the first ends the search
        let whole = await explorer.explore(seed: 5, schedules: 40, depth: Self.depth)
        let first = try #require(whole.firstFailureSchedule)
        #expect(whole.schedules == first)
        for cuts in [[first + 2], [first - 2, first + 1]] {
            // A slice may run again (it repeated a crash point that failed); the fold is the same.
            let (merged, _) = try await sliced(explorer, seed: 5, schedules: 40, cuts: cuts)
            expectSame(merged.summary, whole)
            #expect(merged.summary.schedules == first)
        }
    }

    @Test("slices that did not know a failure the search kept shrinking fold the same, running again where they must")
    func slicesAfterAKeptFailureRunAgain() async throws {
        var explorer = Explorer(simulator: Simulator(app: LibraryExample.app(bugs: [.noFlushOnInactive])))
        explorer.preferredLength = 0  // never short enough: the search looks at more failures
        explorer.extraFailures = 2
        explorer.shrinkBudget = 100
        let whole = await explorer.explore(seed: 5, schedules: 30, depth: Self.depth)
        #expect(whole.shrinkRuns > 0)
        let first = try #require(whole.firstFailureSchedule)
        let (merged, _) = try await sliced(explorer, seed: 5, schedules: 30, cuts: [first + 1, first + 8])
        expectSame(merged.summary, whole)
        #expect(merged.summary.bugs.map(\.hits) == whole.bugs.map(\.hits))
    }

    @Test("a crash point that a slice repeats and that fails there sends the slice to run again")
    func failedRepeatedCrashPoint() throws {
        let key = CrashPoints.Key(site: 7, isRepeat: false)
        var first = ExplorationSlice(range: 0..<10, start: ExplorationState(), summary: ExplorationSummary(mode: "m"), end: ExplorationState())
        first.end.crashPoints = CrashPoints(tried: [key])
        var repeated = CrashPointRecord(schedule: 12, key: key)
        repeated.replays = 1
        repeated.failure = .lostAcknowledgedEdit
        var summary = ExplorationSummary(mode: "m")
        summary.crashPoints = [repeated]
        summary.crashReplays = 1
        let second = ExplorationSlice(range: 10..<20, start: ExplorationState(), summary: summary, end: ExplorationState())
        guard case .incomplete(let prefix, let resumeAt, let reason) = try ExplorationSlice.merging([first, second]) else {
            Issue.record("the fold kept a crash point the whole search never ran")
            return
        }
        #expect(prefix.range == 0..<10 && resumeAt == 10)
        #expect(reason.contains("schedule 13"), "\(reason)")
        repeated.failure = nil
        summary.crashPoints = [repeated]
        let passing = ExplorationSlice(range: 10..<20, start: ExplorationState(), summary: summary, end: ExplorationState())
        guard case .complete(let whole) = try ExplorationSlice.merging([first, passing]) else {
            Issue.record("a repeated crash point that passed is simply dropped")
            return
        }
        #expect(whole.summary.crashPoints.isEmpty && whole.summary.crashReplays == 0)
    }

    @Test("slices that leave schedules out, or cover some twice, are refused")
    func gapsAreRefused() {
        let empty = ExplorationState()
        let a = ExplorationSlice(range: 0..<10, start: empty, summary: ExplorationSummary(mode: "m"), end: empty)
        let gap = ExplorationSlice(range: 12..<20, start: empty, summary: ExplorationSummary(mode: "m"), end: empty)
        let overlap = ExplorationSlice(range: 8..<20, start: empty, summary: ExplorationSummary(mode: "m"), end: empty)
        let otherMode = ExplorationSlice(range: 10..<20, start: empty, summary: ExplorationSummary(mode: "random"), end: empty)
        #expect(throws: ExplorationSlice.MergeError.self) { try ExplorationSlice.merging([a, gap]) }
        #expect(throws: ExplorationSlice.MergeError.self) { try ExplorationSlice.merging([a, overlap]) }
        #expect(throws: ExplorationSlice.MergeError.self) { try ExplorationSlice.merging([a, otherMode]) }
        #expect(throws: ExplorationSlice.MergeError.self) { try ExplorationSlice.merging([]) }
    }

    @Test("where a search stands and its crash points survive a round trip through JSON")
    func stateRoundTrip() throws {
        var state = ExplorationState()
        state.crashPoints = CrashPoints(tried: [.init(site: .max, isRepeat: true), .init(site: 1, isRepeat: false)])
        state.bugs[BugSignature(kind: .crossSceneLeak, site: "note@S#", exposedBy: "kill")] = .init(eventCount: 12, shrinks: 2)
        state.policy = BugPolicy(preferredLength: 8, extraFailures: 2, maxFailures: 3)
        #expect(try JSONDecoder().decode(ExplorationState.self, from: JSONEncoder().encode(state)) == state)
        var record = CrashPointRecord(schedule: 4, key: .init(site: 0xFEDC_BA98_7654_3210, isRepeat: true))
        record.replays = 6
        record.hash = .max - 1
        record.failure = .app("basket priced")
        #expect(try JSONDecoder().decode(CrashPointRecord.self, from: JSONEncoder().encode(record)) == record)
        let text = String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
        #expect(text.contains("\"fedcba9876543210+\"") && text.contains("\"fffffffffffffffe\""), "\(text)")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CrashPoints.Key.self, from: Data(#""xyz""#.utf8)) }
    }
}
