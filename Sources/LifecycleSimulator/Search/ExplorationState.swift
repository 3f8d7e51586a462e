/// Where a random search stands between two schedules: the crash-point sites it has crashed, the
/// failure it keeps (its kind and shrunk length; the report itself is in the summary) and how
/// many more failures it looked at for a shorter one. Schedule *i* of a search depends only on
/// the seed, *i* and this state, so a search cut into slices gives the same result as one run
/// when each slice starts from the state the slices before it ended in (see
/// ``ExplorationSlice``).
///
/// A `Codable` value: worker processes and shards receive it and hand it back.
package struct ExplorationState: Hashable, Sendable, Codable {
    /// The failure a search keeps: what kind, and how many events its shrunk schedule has.
    package struct Found: Hashable, Sendable, Codable {
        package var kind: Violation.Kind
        package var eventCount: Int

        package init(kind: Violation.Kind, eventCount: Int) {
            self.kind = kind
            self.eventCount = eventCount
        }
    }

    /// The sites crashed so far.
    package var crashPoints = CrashPoints()
    /// The failure kept so far, if any.
    package var found: Found?
    /// Failures of the same kind shrunk after the first, looking for a shorter one.
    package var extraFailures = 0
    /// Whether the search has stopped: it keeps a short enough failure, or looked at enough
    /// others. A finished search runs no more schedules.
    package var isFinished = false

    /// A search that has run nothing yet.
    package init() {}
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
