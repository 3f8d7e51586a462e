import Foundation
import Lifecycle
import Synchronization

/// The shared state of one simulation run that every incarnation's fenced services report to:
/// virtual time, the current step, which incarnation is alive, the armed crash point, the trace,
/// the history and the first violation.
///
/// Owned by the run; lives on the main actor. Services reached from other threads go through
/// ``offMainAccesses`` instead.
@MainActor
final class RunContext {
    let trace: SimulationTrace
    let history = EditHistory()
    /// Texts that must never leave the secret store.
    let canaries: [String]
    /// The UTF-8 bytes of each canary, for scanning files and payloads.
    private let canaryBytes: [[UInt8]]
    /// The first violation; the run stops at it.
    private(set) var violation: Violation?

    var step = 0
    /// Device time; each incarnation's clock follows it.
    var now: LifelineInstant = .zero {
        didSet { nowMilliseconds = Self.milliseconds(now) }
    }
    /// ``now`` in whole milliseconds, as trace records carry it (kept with `now`: time moves far
    /// less often than records are written).
    private(set) var nowMilliseconds: Int64 = 0
    /// The number of the incarnation alive, 0 when the process is not running.
    var liveIncarnation = 0
    /// Whether the live incarnation is suspended.
    var isSuspended = false
    /// A crash that fires at the given storage write of the current step.
    var armedDeath: (operation: Int, death: ProcessDeath)?
    /// Storage writes of the live incarnation in the current step.
    var writesThisStep = 0
    /// Set when the armed crash fired: the incarnation is dead from that write on.
    var trippedDeath: ProcessDeath?
    /// Files written since the last canary scan, in write order, possibly repeated (appending is
    /// cheaper than hashing every path; the scan sorts and deduplicates).
    var dirtyPaths: [String] = []
    /// Log records written, for reports.
    private(set) var logCount = 0
    /// Storage and log calls made off the main thread: escaped work.
    let offMainAccesses = OffMainAccessLog()

    init(canaries: [String], keepsTrace: Bool) {
        self.canaries = canaries
        self.canaryBytes = canaries.map { Array($0.utf8) }
        self.trace = SimulationTrace(keepsRecords: keepsTrace)
        // Room for a step's writes at once: every run's context grew this from empty, doubling.
        dirtyPaths.reserveCapacity(16)
    }

    /// Whether `incarnation` may still act: it is the live one and has not crashed mid-step.
    func isAlive(_ incarnation: Int) -> Bool {
        incarnation == liveIncarnation && incarnation != 0 && trippedDeath == nil
    }

    /// Records a line hashed from its text (rare records).
    func record(_ lane: String, _ text: String) {
        trace.append(.init(step: step, milliseconds: nowMilliseconds, lane: lane, text: text))
    }

    /// Records a frequent line: `digest` mixes its lane and values into the trace hash; the lane
    /// and text are only built when the trace keeps records.
    func record(_ lane: @autoclosure () -> String, _ text: @autoclosure () -> String, digest: (inout FNV1a64) -> Void) {
        trace.append(step: step, milliseconds: nowMilliseconds, lane: lane, text: text, digest: digest)
    }

    /// Records a line like ``record(_:_:)`` (the same record, the same hash) whose text is built
    /// only if the trace keeps records: `digestText` mixes exactly its UTF-8 bytes.
    func record(_ lane: String, text: () -> String, digestText: (inout FNV1a64) -> Void) {
        trace.append(step: step, milliseconds: nowMilliseconds, lane: lane, text: text, digestText: digestText)
    }

    /// Records a scene callback of session `id`.
    func recordSceneEvent(_ id: SceneSessionID, _ event: SceneEvent) {
        record("scene \(id)", "\(event)") { hash in
            hash.combine(byte: 3)
            hash.combine(id.rawValue)
            hash.combine(event.description)
        }
    }

    /// Records an application callback.
    func recordApplicationEvent(_ event: ApplicationEvent) {
        record("app", "\(event)") { hash in
            hash.combine(byte: 4)
            hash.combine(event.description)
        }
    }

    func report(_ kind: Violation.Kind, _ message: String) {
        guard violation == nil else { return }
        violation = Violation(kind: kind, message: message, step: step)
        record("violation", "\(kind): \(message)")
    }

    /// Admits one storage operation of `incarnation`; returns false if it is fenced (dead) or
    /// dies right here (the armed crash point).
    /// `bytes`, for a write, is its size, shown as `write 12B`; a rename names its source as `path`
    /// and its destination as `renamedTo` (shown and digested as `source -> destination`).
    func admitStorage(
        _ operation: StorageOperation, bytes: Int? = nil, path: String, renamedTo destination: String? = nil, incarnation: Int
    ) -> Bool {
        guard isAlive(incarnation) else { return false }
        guard operation.isMutating else { return true }
        if isSuspended {
            report(
                .workWhileSuspended,
                "storage \(operation.named(bytes: bytes)) \(StorageOperation.shownPath(path, renamedTo: destination)) while the process was suspended"
            )
        }
        writesThisStep += 1
        if let armed = armedDeath, writesThisStep >= armed.operation {
            armedDeath = nil
            trippedDeath = armed.death
            record("process", "dies (\(armed.death)) before \(operation.named(bytes: bytes)) \(StorageOperation.shownPath(path, renamedTo: destination))")
            return false
        }
        let target = destination ?? path
        // Consecutive repeats (a write then its fsync) are dropped here; the scan deduplicates
        // the rest.
        // The lengths first: `==` on paths of different storage runs a full comparison, and
        // consecutive different paths mostly differ in length.
        // (A plain test: a main-actor closure handed to `Optional.map` pays an isolation check.)
        var repeatsLast = false
        if let last = dirtyPaths.last, last.utf8.count == target.utf8.count { repeatsLast = last == target }
        if !repeatsLast { dirtyPaths.append(target) }
        record(
            operation.namesDirectory ? "disk \(target)" : Self.lane(for: target),
            "\(operation.named(bytes: bytes)) \(StorageOperation.shownPath(path, renamedTo: destination))"
        ) { hash in
            hash.combine(byte: 2)
            hash.combine(operation.name)
            hash.combine(bytes ?? -1)
            // The digest of `source -> destination` streamed in parts (FNV-1a is byte by byte):
            // the same hash as the joined text, without building it.
            hash.combine(path)
            if let destination {
                hash.combine(" -> ")
                hash.combine(destination)
            }
        }
        return true
    }

    /// Takes one log record of `incarnation`: dropped if dead, checked for canaries.
    func admitLog(_ record: LogRecord, incarnation: Int) {
        guard isAlive(incarnation) else { return }
        if isSuspended { report(.workWhileSuspended, "log written while the process was suspended") }
        logCount += 1
        for canary in canaries where record.message.contains(canary) || record.category.contains(canary) {
            report(.secretLeak, "a canary secret reached the log: [\(record.level)] \(record.category)")
        }
    }

    /// Reports canaries found in `data` (restoration state, a file); `place` is only built for
    /// a report.
    func scan(_ data: Data, place: @autoclosure () -> String) {
        guard violation == nil, !data.isEmpty else { return }
        for canary in canaryBytes where Self.contains(data, canary) {
            report(.secretLeak, "a canary secret reached \(place())")
            return
        }
    }

    static func contains(_ data: Data, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, data.count >= needle.count else { return false }
        return data.withUnsafeBytes { raw -> Bool in
            let bytes = raw.bindMemory(to: UInt8.self)
            var index = 0
            let last = bytes.count - needle.count
            while index <= last {
                if bytes[index] == first {
                    var matched = 1
                    while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    static func lane(for path: String) -> String {
        guard let length = DiskPath.parentLength(of: path) else { return "disk /" }
        let utf8 = path.utf8
        return "disk \(path[..<utf8.index(utf8.startIndex, offsetBy: length)])"
    }

    static func milliseconds(_ instant: LifelineInstant) -> Int64 {
        let (seconds, attoseconds) = instant.offset.components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}

/// Storage and log calls that arrived off the main thread: work the simulator does not control.
/// Thread-safe (a mutex); owned by the ``RunContext``.
final class OffMainAccessLog: Sendable {
    private let entries = Mutex<[String]>([])
    /// Whether ``entries`` holds anything; set and cleared under the lock, read without it so that
    /// the drain after every settle (almost always of nothing) skips the lock. A drain that reads
    /// `false` while an append is under way is the same as a drain just before that append.
    private let isNonEmpty = Atomic<Bool>(false)

    func append(_ entry: String) {
        entries.withLock {
            $0.append(entry)
            isNonEmpty.store(true, ordering: .releasing)
        }
    }

    /// Removes and returns what was logged.
    func drain() -> [String] {
        guard isNonEmpty.load(ordering: .acquiring) else { return [] }
        return entries.withLock { entries in
            defer {
                entries.removeAll()
                isNonEmpty.store(false, ordering: .relaxed)
            }
            return entries
        }
    }
}
