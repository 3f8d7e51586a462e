/// The crash points the explorer's default search adds to the random schedules that pass: a kill
/// and a power loss under every ``PowerLossPolicy`` right before a durable operation (a write, a
/// sync, a rename…) of the schedule, replayed to that step and then checked by a relaunch.
///
/// Each site (operation and file, ``DurableOperation/site(_:path:)``) is crashed twice per
/// exploration: at its first occurrence in a schedule (a file being created) and at a later one
/// (a file being replaced, where a write in place tears the saved copy). So every durable
/// operation the app performs is crashed under every death, and the cost stays bounded: once
/// the app's files are covered, the search runs plain random schedules again.
///
/// The sites already crashed are part of where a search stands (``ExplorationState``): a search
/// resumed from a state crashes only the sites that state has not. A value owned by one
/// ``Explorer`` search.
package struct CrashPoints: Hashable, Sendable {
    /// A site at its first occurrence in a schedule, or at a later one.
    package struct Key: Hashable, Sendable {
        package var site: UInt64
        package var isRepeat: Bool

        package init(site: UInt64, isRepeat: Bool) {
            self.site = site
            self.isRepeat = isRepeat
        }
    }

    /// The site of one schedule to crash, with its replays: one per death, in the order of
    /// ``deaths(seed:)``.
    struct Point {
        var key: Key
        var schedules: [[SimulationEvent]]
    }

    /// The keys already crashed.
    package private(set) var tried: Set<Key> = []

    /// No site crashed yet.
    package init() {}

    /// The sites of `tried` marked as crashed.
    package init(tried: Set<Key>) {
        self.tried = tried
    }

    /// Marks the sites of `other` as crashed too.
    package mutating func formUnion(_ other: CrashPoints) {
        tried.formUnion(other.tried)
    }

    /// The deaths of one crash point: a kill, then a power loss under each policy.
    static func deaths(seed: UInt64) -> [ProcessDeath] {
        [.kill] + PowerLossPolicy.allCases.map { .powerLoss(policy: $0, seed: seed) }
    }

    /// The points that crash `outcome`'s schedule at its sites not crashed yet, in the order of
    /// the operations (each schedule: the steps before, the crash armed, the step it crashes);
    /// marks them all crashed.
    mutating func points(
        crashing outcome: ScheduleOutcome, deaths: (UInt64) -> [ProcessDeath] = CrashPoints.deaths(seed:)
    ) -> [Point] {
        let events = outcome.events
        return candidates(in: outcome).map { key, operation in
            tried.insert(key)
            let schedules = deaths(key.site % 1_000).map { death in
                Array(events[..<operation.step])
                    + [.crashDuringNextStep(atOperation: operation.index, death: death), events[operation.step]]
            }
            return Point(key: key, schedules: schedules)
        }
    }

    /// Marks the sites of `outcome`'s schedule crashed, as ``points(crashing:)`` does, without
    /// making their schedules.
    mutating func markCrashed(sitesOf outcome: ScheduleOutcome) {
        for (key, _) in candidates(in: outcome) { tried.insert(key) }
    }

    /// The sites of `outcome`'s schedule not crashed yet, each with the operation to crash, in
    /// the order of the operations.
    private func candidates(in outcome: ScheduleOutcome) -> [(key: Key, operation: DurableOperation)] {
        let events = outcome.events
        var seen: [UInt64: Int] = [:]
        var points: [(key: Key, operation: DurableOperation)] = []
        var laterPoints: [UInt64: DurableOperation] = [:]
        for operation in outcome.durableOperations where operation.step < events.count {
            // A step already armed by the schedule's own crash cannot be armed again.
            if events[operation.step].kind == .crashDuringNextStep { continue }
            if operation.step > 0, events[operation.step - 1].kind == .crashDuringNextStep { continue }
            let count = seen[operation.site, default: 0] + 1
            seen[operation.site] = count
            if count == 1 {
                let key = Key(site: operation.site, isRepeat: false)
                if !tried.contains(key) { points.append((key, operation)) }
            } else {
                laterPoints[operation.site] = operation
            }
        }
        for (site, operation) in laterPoints where !tried.contains(Key(site: site, isRepeat: true)) {
            points.append((Key(site: site, isRepeat: true), operation))
        }
        points.sort { ($0.operation.step, $0.operation.index) < ($1.operation.step, $1.operation.index) }
        return points
    }
}
