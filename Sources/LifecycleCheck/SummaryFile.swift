import Foundation
import LifecycleSimulator

/// The machine-readable summary of a run (`--json FILE`), and what worker processes and the
/// shards of a CI matrix hand to the merge: the configuration, the result and the combined trace
/// hash, the counts, the first failure with its repro, and (for the random search) the slice of
/// schedules it covers with what a merge needs to fold it exactly. A `Codable` value; written
/// with sorted keys, so the same run gives the same bytes but for ``timings``.
struct SummaryFile: Codable {
    /// What was explored and how: summaries merge only when these are equal.
    struct Configuration: Codable, Hashable {
        /// The name `--app` chose.
        var app: String
        /// The switches turned on, sorted.
        var switches: [String]
        /// `--mode`.
        var mode: String
        var seed: UInt64
        /// The schedules of the whole search (a shard runs a slice of them).
        var schedules: Int
        var depth: Int
        var finalCheck: Bool
        var trace: Bool
        var latency: Bool
    }

    /// The schedules a random search's summary covers, where it started and ended, and its
    /// crash points (dropped by a merge where an earlier slice had crashed the same site).
    struct Slice: Codable {
        var start: Int
        var end: Int
        var startState: ExplorationState
        var endState: ExplorationState
        var crashPoints: [CrashPointRecord]
    }

    /// The first failure (shrunk).
    struct Failure: Codable {
        /// The violation's kind, such as `lost acknowledged edit`.
        var kind: String
        /// The violation as one line.
        var message: String
        /// Events of the shrunk schedule, and of the schedule as found.
        var eventCount: Int
        var originalEventCount: Int
        /// The repro, as the repro file holds it.
        var repro: Repro
        /// Where the repro file was written, if it was.
        var reproFile: String?
    }

    /// How long the run took: differs between runs, unlike the rest.
    struct Timings: Codable {
        var wallSeconds: Double
        var cpuSeconds: Double
        var workers: Int
    }

    var format = 1
    var tool = "lifecycle-check"
    var configuration: Configuration
    /// The app's name in reports and repro files (switches included).
    var appName: String
    /// `passed` or `failed`.
    var result: String
    /// The search's own name for its mode (`random + crash points`, `crash points`…).
    var search: String
    /// ``ExplorationSummary/combinedTraceHash`` in sixteen hexadecimal digits.
    var combinedTraceHash: String
    var schedules: Int
    var crashReplays: Int
    var events: Int
    var eventCounts: [String: Int]
    var incarnations: Int
    var simulatedMilliseconds: Int64
    var yields: Int
    var firstFailureSchedule: Int?
    var shrinkRuns: Int
    var failure: Failure?
    /// Set for the random search.
    var slice: Slice?
    var timings: Timings?
}

extension SummaryFile {
    /// The summary of `summary` (with `slice`, for the random search).
    init(
        configuration: Configuration, appName: String, summary: ExplorationSummary, slice: ExplorationSlice?,
        reproFile: String?, timings: Timings?
    ) {
        self.configuration = configuration
        self.appName = appName
        result = summary.passed ? "passed" : "failed"
        search = summary.mode
        combinedTraceHash = Self.hex(summary.combinedTraceHash)
        schedules = summary.schedules
        crashReplays = summary.crashReplays
        events = summary.events
        eventCounts = Dictionary(uniqueKeysWithValues: summary.eventCounts.map { ($0.key.rawValue, $0.value) })
        incarnations = summary.incarnations
        simulatedMilliseconds = summary.simulatedMilliseconds
        yields = summary.yields
        firstFailureSchedule = summary.firstFailureSchedule
        shrinkRuns = summary.shrinkRuns
        failure = summary.failure.map { report in
            Failure(
                kind: report.violation.kind.rawValue, message: report.violation.description, eventCount: report.events.count,
                originalEventCount: report.originalEventCount, repro: report.repro, reproFile: reproFile
            )
        }
        self.slice = slice.map {
            Slice(start: $0.range.lowerBound, end: $0.range.upperBound, startState: $0.start, endState: $0.end, crashPoints: summary.crashPoints)
        }
        self.timings = timings
    }

    /// A summary file's problem: not one, another format, or counts that contradict each other.
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the summary file at `path`.
    /// - Throws: ``ReadError`` naming the file and what is wrong with it; nothing is changed.
    static func read(from path: String) throws(ReadError) -> SummaryFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ReadError(description: "cannot read \(path): \(error.localizedDescription)")
        }
        let file: SummaryFile
        do {
            file = try JSONDecoder().decode(SummaryFile.self, from: data)
        } catch {
            throw ReadError(description: "\(path) is not a lifecycle-check summary: \(error)")
        }
        guard file.tool == "lifecycle-check", file.format == 1 else {
            throw ReadError(description: "\(path) is a summary of format \(file.format) from \(file.tool); this lifecycle-check reads format 1")
        }
        if let slice = file.slice, !(0 <= slice.start && slice.start <= slice.end) {
            throw ReadError(description: "\(path) covers schedules \(slice.start)..<\(slice.end), which is no range")
        }
        return file
    }

    /// The file as JSON with sorted keys.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// The random search's slice this file describes, its failure's report rebuilt by replaying
    /// its repro on `session`; `nil` for the other searches.
    @MainActor
    func explorationSlice(on session: any CheckSession) async throws(ReadError) -> ExplorationSlice? {
        guard let slice else { return nil }
        var summary = ExplorationSummary(mode: search)
        summary.schedules = schedules
        summary.crashReplays = crashReplays
        summary.events = events
        for (name, count) in eventCounts {
            guard let kind = EventKind(rawValue: name) else { throw ReadError(description: "unknown event kind '\(name)' in a summary of \(appName)") }
            summary.eventCounts[kind] = count
        }
        summary.incarnations = incarnations
        summary.simulatedMilliseconds = simulatedMilliseconds
        summary.yields = yields
        guard let hash = UInt64(combinedTraceHash, radix: 16) else { throw ReadError(description: "'\(combinedTraceHash)' is not a trace hash") }
        summary.combinedTraceHash = hash
        summary.firstFailureSchedule = firstFailureSchedule
        summary.shrinkRuns = shrinkRuns
        summary.crashPoints = slice.crashPoints
        if let failure {
            summary.failure = await session.failureReport(repro: failure.repro, originalEventCount: failure.originalEventCount)
        }
        return ExplorationSlice(range: slice.start..<slice.end, start: slice.startState, summary: summary, end: slice.endState)
    }

    /// `value` in sixteen hexadecimal digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
