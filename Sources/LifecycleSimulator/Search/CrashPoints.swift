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
/// A value owned by one ``Explorer`` search.
struct CrashPoints {
    /// A site at its first occurrence in a schedule, or at a later one.
    private struct Key: Hashable {
        var site: UInt64
        var isRepeat: Bool
    }

    /// The keys already crashed.
    private var tried: Set<Key> = []

    /// The deaths of one crash point: a kill, then a power loss under each policy.
    static func deaths(seed: UInt64) -> [ProcessDeath] {
        [.kill] + PowerLossPolicy.allCases.map { .powerLoss(policy: $0, seed: seed) }
    }

    /// The schedules that crash `outcome`'s schedule at its sites not crashed yet, in the order
    /// of the operations (each: the steps before, the crash armed, the step it crashes).
    mutating func schedules(crashing outcome: ScheduleOutcome) -> [[SimulationEvent]] {
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
        var schedules: [[SimulationEvent]] = []
        for (key, operation) in points {
            tried.insert(key)
            for death in Self.deaths(seed: key.site % 1_000) {
                var schedule = Array(events[..<operation.step])
                schedule.append(.crashDuringNextStep(atOperation: operation.index, death: death))
                schedule.append(events[operation.step])
                schedules.append(schedule)
            }
        }
        return schedules
    }
}
