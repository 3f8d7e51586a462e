import Foundation

/// What a search did: how many schedules and events it ran, how they were spread over event
/// kinds, and every distinct bug it found (``bugs``, each shrunk, with its hits). A `Sendable` value; its ``table`` is the same
/// text on every run with the same inputs (no wall-clock times).
public struct ExplorationSummary: Sendable {
    /// Which search produced it: `random`, `crash points`, `exhaustive`.
    public var mode: String
    /// Schedules run (shrinking runs and crash replays excluded).
    public var schedules = 0
    /// Replays of passing schedules with a crash at one of their durable operations (the default
    /// search's crash points), when the search made them.
    public var crashReplays = 0
    /// Events applied over all schedules.
    public var events = 0
    /// Events applied, by kind.
    public var eventCounts: [EventKind: Int] = [:]
    /// Process incarnations launched.
    public var incarnations = 0
    /// Virtual time covered, in milliseconds.
    public var simulatedMilliseconds: Int64 = 0
    /// Main-actor yields needed to reach quiescence.
    public var yields = 0
    /// One number that changes if any trace changes: the XOR of one mixed value per run, made of
    /// its trace hash and its place in the search (the schedule's index, and for a crash replay
    /// the site and the death). It does not depend on the order the runs were made in, so a
    /// search cut into slices — run by several processes, or by the shards of a CI matrix —
    /// merges into the hash of the search run whole.
    public var combinedTraceHash: UInt64 = 0
    /// Every distinct bug found (one per ``BugSignature``), in the order the search first hit
    /// them.
    public var bugs: [FoundBug] = []
    /// What the search assumed of the app, one line each: the event kinds left out
    /// (``SimulationOptions/eventKindsLeftOut``) and the stores' promises
    /// (``SimulatedApp/promises``). Empty when it assumed nothing.
    public var assumptions: [String] = []
    /// Runs the shrinker spent on all the bugs.
    public var shrinkRuns = 0
    /// The failures met, in order, as the search handled them (what a merge of slices needs).
    package var hits: [BugHit] = []
    /// The crash points the search replayed, in order (what a merge of slices needs).
    package var crashPoints: [CrashPointRecord] = []

    /// Creates an empty summary for `mode`.
    public init(mode: String) {
        self.mode = mode
    }

    /// The first bug found, shrunk.
    public var failure: FailureReport? { bugs.first?.report }

    /// How many schedules had run when the first bug was found (its own included; a failure of a
    /// crash replay counts the schedule it crashed): schedules-to-find.
    public var firstFailureSchedule: Int? { bugs.first?.firstSchedule }

    /// Whether every schedule passed.
    public var passed: Bool { bugs.isEmpty }

    /// Counts `outcome`, the run at `place` in the search (by default the next one).
    mutating func add(_ outcome: ScheduleOutcome, at place: Int? = nil) {
        combinedTraceHash ^= Self.contribution(outcome.traceHash, schedule: place ?? schedules)
        schedules += 1
        events += outcome.events.count
        for event in outcome.events { eventCounts[event.kind, default: 0] += 1 }
        incarnations += outcome.incarnations
        simulatedMilliseconds += outcome.simulatedMilliseconds
        yields += outcome.yields
    }

    /// Counts the replays of a crash point; their trace hashes join the combined one.
    mutating func add(_ record: CrashPointRecord) {
        crashReplays += record.replays
        combinedTraceHash ^= record.hash
        crashPoints.append(record)
    }

    /// The value a run adds to ``combinedTraceHash``: its trace hash mixed with its place in the
    /// search (a schedule's index; for a crash replay also the site and the death), so that the
    /// same trace at two places counts twice and the order of runs does not matter.
    static func contribution(
        _ traceHash: FNV1a64, schedule: Int, crash: (key: CrashPoints.Key, death: Int)? = nil
    ) -> UInt64 {
        var hash = FNV1a64()
        hash.combine(traceHash.value)
        hash.combine(schedule)
        if let (key, death) = crash {
            hash.combine(byte: key.isRepeat ? 2 : 1)
            hash.combine(key.site)
            hash.combine(death)
        } else {
            hash.combine(byte: 0)
        }
        var state = hash.value
        return SimulationRandom.splitMix(&state)
    }

    /// A fixed-width table of the summary (deterministic).
    public var table: String {
        var lines: [String] = []
        func row(_ name: String, _ value: String) {
            lines.append(Self.column(name) + value)
        }
        row("mode", mode)
        row("schedules", "\(schedules)")
        if crashReplays > 0 { row("crash replays", "\(crashReplays)") }
        row("events", "\(events)")
        row("process incarnations", "\(incarnations)")
        row("simulated time", Self.duration(simulatedMilliseconds))
        row("combined trace hash", FNV1a64Hex.hex(combinedTraceHash))
        for assumption in assumptions { row("assumed", assumption) }
        row("result", bugs.isEmpty ? "all schedules passed" : "FAILED: " + Self.list(bugs.map(\.signature.kind.rawValue)))
        if let firstFailureSchedule { row("first failure at schedule", "\(firstFailureSchedule)") }
        for (number, bug) in bugs.enumerated() {
            row("bug \(number + 1)", "\(bug.signature)")
            row("", "first at schedule \(bug.firstSchedule), \(bug.hits) schedule\(bug.hits == 1 ? "" : "s"), shrunk to \(bug.report.events.count) events")
        }
        lines.append("")
        lines.append(Self.column("event kind") + "count")
        for (kind, count) in eventCounts.sorted(by: { $0.key < $1.key }) {
            row("  " + kind.rawValue, "\(count)")
        }
        return lines.joined(separator: "\n")
    }

    /// `names` with repeats counted: `lost acknowledged edit ×2, app crash`.
    static func list(_ names: [String]) -> String {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for name in names {
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        return order.map { counts[$0, default: 0] > 1 ? "\($0) ×\(counts[$0, default: 0])" : $0 }.joined(separator: ", ")
    }

    /// `name` cut or padded with spaces to the first column's 26 characters: Foundation's
    /// `padding(toLength:withPad:startingAt:)` without its bridging, which cost more than the
    /// rest of a short exploration's summary (the names are ASCII: characters are UTF-16 units).
    static func column(_ name: String) -> String {
        let width = 26
        let count = name.count
        if count >= width { return String(name.prefix(width)) }
        return name + String(repeating: " ", count: width - count)
    }

    static func duration(_ milliseconds: Int64) -> String {
        let seconds = milliseconds / 1_000
        let hours = seconds / 3_600
        let minutes = (seconds % 3_600) / 60
        return "\(hours)h \(minutes)m \(seconds % 60)s (\(milliseconds) ms)"
    }
}

enum FNV1a64Hex {
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
