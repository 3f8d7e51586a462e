import Foundation
import LifecycleSimulator

/// The machine-readable summary of a run (`--json FILE`), and what worker processes and the
/// shards of a CI matrix hand to the merge: the configuration, the result and the combined trace
/// hash, the counts, every distinct bug with its repro (the first also as ``failure``), and (for
/// the random search) the slice of schedules it covers with what a merge needs to fold it
/// exactly. A `Codable` value; written
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
        /// `--max-failures`, when given.
        var maxFailures: Int?
        /// `true` with `--device-locks` (absent otherwise, as in summaries written before it).
        var deviceLocks: Bool?
        /// `--without`'s kinds, sorted, when given.
        var without: [String]?
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

    /// One distinct bug: its signature, how many schedules hit it and the first, its shrunk
    /// failure and, for an app crash, the trap.
    struct Bug: Codable {
        var signature: BugSignature
        var hits: Int
        var firstSchedule: Int
        var failure: Failure
        var trap: AppTrap?
    }

    /// How long the run took: differs between runs, unlike the rest.
    struct Timings: Codable {
        var wallSeconds: Double
        var cpuSeconds: Double
        var workers: Int
    }

    var format = 2
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
    /// The first bug's failure.
    var failure: Failure?
    /// Every distinct bug, in the order the search found them.
    var bugs: [Bug]?
    /// What the search assumed (event kinds left out, the stores' promises).
    var assumptions: [String]?
    /// Set for the random search: the slice as a merge folds it.
    var slice: SliceTransfer?
    var timings: Timings?
}

extension SummaryFile {
    /// The summary of `summary` (with `slice`, for the random search).
    init(
        configuration: Configuration, appName: String, summary: ExplorationSummary, slice: ExplorationSlice?,
        reproFiles: [String?], timings: Timings?
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
        let bugs = summary.bugs.enumerated().map { index, bug in
            let report = bug.report
            let failure = Failure(
                kind: report.violation.kind.rawValue, message: report.violation.description, eventCount: report.events.count,
                originalEventCount: report.originalEventCount, repro: report.repro, reproFile: index < reproFiles.count ? reproFiles[index] : nil
            )
            return Bug(signature: bug.signature, hits: bug.hits, firstSchedule: bug.firstSchedule, failure: failure, trap: report.outcome.trap)
        }
        failure = bugs.first?.failure
        self.bugs = bugs
        assumptions = summary.assumptions.isEmpty ? nil : summary.assumptions
        self.slice = slice.map(SliceTransfer.init)
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
        guard file.tool == "lifecycle-check", file.format == 2 else {
            throw ReadError(description: "\(path) is a summary of format \(file.format) from \(file.tool); this lifecycle-check reads format 2")
        }
        if let slice = file.slice, !(0 <= slice.lower && slice.lower <= slice.upper) {
            throw ReadError(description: "\(path) covers schedules \(slice.lower)..<\(slice.upper), which is no range")
        }
        if let slice = file.slice, UInt64(slice.combinedTraceHash, radix: 16) == nil {
            throw ReadError(description: "\(path): '\(slice.combinedTraceHash)' is not a trace hash")
        }
        return file
    }

    /// The file as JSON with sorted keys.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// The random search's slice this file describes, its bugs' reports rebuilt by replaying
    /// their repros on `session`; `nil` for the other searches.
    @MainActor
    func explorationSlice(on session: any CheckSession) async -> ExplorationSlice? {
        guard let slice else { return nil }
        return await session.slice(from: slice)
    }

    /// `value` in sixteen hexadecimal digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
