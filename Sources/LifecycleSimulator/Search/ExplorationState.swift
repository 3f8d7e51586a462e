/// Where a random search stands between two schedules: the crash-point sites it has crashed, the
/// bugs it has found (each one's shortest shrunk length and how many of its hits were shrunk;
/// the reports themselves are in the summary) and the rules it follows for them
/// (``BugPolicy``). Schedule *i* of a search depends only on the seed, *i* and this state, so a
/// search cut into slices gives the same result as one run when each slice starts from the
/// state the slices before it ended in (see ``ExplorationSlice``).
///
/// A `Codable` value: worker processes and shards receive it and hand it back.
package struct ExplorationState: Hashable, Sendable, Codable {
    /// A bug found so far: how many events its kept schedule has, and how many hits were shrunk.
    package struct BugProgress: Hashable, Sendable, Codable {
        package var eventCount: Int
        package var shrinks: Int

        package init(eventCount: Int, shrinks: Int) {
            self.eventCount = eventCount
            self.shrinks = shrinks
        }
    }

    /// The sites crashed so far.
    package var crashPoints = CrashPoints()
    /// The bugs found so far.
    package var bugs: [BugSignature: BugProgress] = [:]
    /// The rules for failures: `nil` until the search that starts from this state sets its own;
    /// the slices of one search all follow the first slice's.
    package var policy: BugPolicy?
    /// Whether the search has stopped: it found the ``BugPolicy/maxFailures`` bugs it was asked
    /// for. A finished search runs no more schedules.
    package var isFinished = false

    /// A search that has run nothing yet.
    package init() {}

    private enum CodingKeys: String, CodingKey {
        case crashPoints, bugs, policy, isFinished
    }

    /// One found bug as the file lists it.
    private struct Bug: Codable {
        var signature: BugSignature
        var progress: BugProgress
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        crashPoints = try container.decode(CrashPoints.self, forKey: .crashPoints)
        let list = try container.decode([Bug].self, forKey: .bugs)
        bugs = Dictionary(list.map { ($0.signature, $0.progress) }) { first, _ in first }
        policy = try container.decodeIfPresent(BugPolicy.self, forKey: .policy)
        isFinished = try container.decode(Bool.self, forKey: .isFinished)
    }

    /// Writes the state with its bugs sorted by signature, so the same state gives the same bytes.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(crashPoints, forKey: .crashPoints)
        try container.encode(bugs.sorted { $0.key < $1.key }.map { Bug(signature: $0.key, progress: $0.value) }, forKey: .bugs)
        try container.encodeIfPresent(policy, forKey: .policy)
        try container.encode(isFinished, forKey: .isFinished)
    }
}

/// One crash point a random search replayed: the schedule it crashed (its index in the search),
/// the site, how many of its deaths were replayed, the combination of their trace hashes and the
/// kind of violation if one failed (the deaths after it are not replayed). A `Codable` value kept
/// in ``ExplorationSummary`` so that slices of a search can be merged: a slice that started
/// without knowing the sites crashed before it may crash a site again, and the merge drops that
/// record (see ``ExplorationSlice``).
package struct CrashPointRecord: Hashable, Sendable, Codable {
    package var schedule: Int
    package var key: CrashPoints.Key
    package var replays = 0
    package var hash: UInt64 = 0
    package var failure: Violation.Kind?

    package init(schedule: Int, key: CrashPoints.Key) {
        self.schedule = schedule
        self.key = key
    }

    private enum CodingKeys: String, CodingKey {
        case schedule, key, replays, hash, failure
    }

    /// Reads a record; its hash is in sixteen hexadecimal digits, as trace hashes are written.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schedule = try container.decode(Int.self, forKey: .schedule)
        key = try container.decode(CrashPoints.Key.self, forKey: .key)
        replays = try container.decode(Int.self, forKey: .replays)
        let text = try container.decode(String.self, forKey: .hash)
        guard let hash = UInt64(text, radix: 16) else {
            throw DecodingError.dataCorruptedError(forKey: .hash, in: container, debugDescription: "not a hash: '\(text)'")
        }
        self.hash = hash
        failure = try container.decodeIfPresent(Violation.Kind.self, forKey: .failure)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schedule, forKey: .schedule)
        try container.encode(key, forKey: .key)
        try container.encode(replays, forKey: .replays)
        try container.encode(FNV1a64Hex.hex(hash), forKey: .hash)
        try container.encodeIfPresent(failure, forKey: .failure)
    }

    /// Counts the replay of death number `death` of this point.
    mutating func add(_ outcome: ScheduleOutcome, death: Int) {
        replays += 1
        hash ^= ExplorationSummary.contribution(
            outcome.traceHash, schedule: schedule, crash: (key, death)
        )
        failure = outcome.violation?.kind
    }
}
