import DurableState
import Foundation
import Lifecycle
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shared state of one simulation run that every incarnation's fenced services report to:
/// virtual time, the current step, which incarnation is alive, the armed crash point, the trace,
/// the history and the first violation.
///
/// Owned by the run; lives on the main actor. Services reached from other threads go through
/// ``offMainAccesses`` instead.
@MainActor
final class RunContext {
    let trace: SimulationTrace
    /// The run's seed (what the SQLite VFS derives its random bytes from).
    let seed: UInt64
    let history = EditHistory()
    /// Texts that must never leave the secret store.
    let canaries: [String]
    /// The UTF-8 bytes of each canary, for scanning files and payloads.
    private let canaryBytes: [[UInt8]]
    /// The first violation; the run stops at it.
    private(set) var violation: Violation?

    var step = 0 {
        didSet { deviceLock.ledger.setStep(step) }
    }
    /// Device time; each incarnation's clock follows it.
    var now: LifelineInstant = .zero {
        didSet { nowMilliseconds = Self.milliseconds(now) }
    }
    /// ``now`` in whole milliseconds, as trace records carry it (kept with `now`: time moves far
    /// less often than records are written).
    private(set) var nowMilliseconds: Int64 = 0
    /// The number of the incarnation alive, 0 when the process is not running.
    var liveIncarnation = 0 {
        didSet { if liveIncarnation != 0 { deviceLock.ledger.begin() } }
    }
    /// Whether the live incarnation is suspended.
    var isSuspended = false
    /// Set when the live incarnation's last background time ended while it was in the background
    /// (``SimulatedHost/backgroundTimeEnded(after:scope:)``): what ended and when. Storage written from
    /// then on runs after the app's background time ended. Cleared when the app gets time again
    /// (a resume, a new lease) and by a new incarnation.
    var backgroundTimeEnd: BackgroundTimeEnd?
    /// A crash that fires at the given storage write of the current step.
    var armedDeath: (operation: Int, death: ProcessDeath)?
    /// Storage writes of the live incarnation in the current step.
    var writesThisStep = 0
    /// Set when the armed crash fired: the incarnation is dead from that write on.
    var trippedDeath: ProcessDeath?
    /// The user action running now, while it has edits to record (``UserEditRecorder``).
    var runningUserAction: UserEditRecorder?
    /// Files written since the last canary scan, in write order, possibly repeated (the scan
    /// sorts and deduplicates).
    var dirtyPaths: [String] = []
    /// Log records written, for reports.
    private(set) var logCount = 0
    /// Storage and log calls made off the main thread: escaped work.
    let offMainAccesses = OffMainAccessLog()
    /// How long the run's I/O and remote calls take.
    let latency: LatencyModel
    /// Where the latency draws come from: a stream of its own, derived from the run's seed.
    private(set) var latencyRandom: SimulationRandom
    /// Whether a disk operation can take time (checked before every draw).
    private let hasDiskLatency: Bool
    /// The live incarnation's clock, moved forward (without firing anything) by the latency of
    /// synchronous calls, as a blocked main thread sees time pass.
    var liveClock: VirtualClock?
    /// Whether every durable operation is recorded in ``durableOperations`` (the explorer's
    /// crash points).
    let recordsDurableOperations: Bool
    /// The storage operations that changed or synced the disk, in order, when recorded.
    private(set) var durableOperations: [DurableOperation] = []
    /// The remote services the app's incarnations reached, by name, in the order they were
    /// first used: the services the generator offers outages of.
    private(set) var remoteServices: [String] = []
    /// The services down now, and how they fail (``SimulationEvent/serviceDown(service:failing:)``).
    private(set) var outages: [String: ServiceOutage] = [:]
    /// Whether the device's storage is full (``SimulationEvent/diskFull``): the app's calls that
    /// need space fail with `FileSystemError.noSpace`, but in ``offDeviceDirectories``.
    private(set) var isDiskFull = false
    /// Directories the storage faults do not reach: the keychain (the system keeps room for it)
    /// and the app's ``SimulatedApp/offDeviceDirectories``.
    let offDeviceDirectories: [String]
    /// Whether the device is locked, which the stores consult (``SimulationOptions/deviceLocks``).
    let deviceLock = SimulatedDeviceLock()
    /// The protection classes of the files written through ``SimulatedFiles``, and the lock.
    private(set) lazy var fileProtections = SimulatedFileProtections(lock: deviceLock)
    /// When the storage last got room again after being full (`nil` if it never was).
    private(set) var diskFreedAt: LifelineInstant?
    /// When the last request that got no answer reaches the platform's request timeout
    /// (``SimulatedRemoteService/requestTimeout``): the faults' effects last until then.
    private(set) var unansweredUntil: LifelineInstant = .zero

    init(
        canaries: [String], keepsTrace: Bool, seed: UInt64 = 0, latency: LatencyModel = .none, latencySeed: UInt64 = 0,
        recordsDurableOperations: Bool = false, offDeviceDirectories: [String] = [SimulatedSecretStore.directory]
    ) {
        self.offDeviceDirectories = offDeviceDirectories.map(DiskPath.normalized)
        self.seed = seed
        self.recordsDurableOperations = recordsDurableOperations
        self.canaries = canaries
        self.canaryBytes = canaries.map { Array($0.utf8) }
        self.trace = SimulationTrace(keepsRecords: keepsTrace)
        self.latency = latency
        self.latencyRandom = SimulationRandom(seed: latencySeed)
        self.hasDiskLatency = !latency.hasInstantDisk
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

    /// Admits one storage operation of `incarnation`: `.fenced` if it is dead or dies right here
    /// (the armed crash point), `.noSpace` if it needs space while the storage is full (traced,
    /// not counted as a crash point: nothing reaches the disk).
    /// `bytes`, for a write, is its size, shown as `write 12B`; a rename names its source as `path`
    /// and its destination as `renamedTo` (shown and digested as `source -> destination`).
    func admitStorage(
        _ operation: StorageOperation, bytes: Int? = nil, path: String, renamedTo destination: String? = nil, incarnation: Int
    ) -> StorageOperation.Admission {
        guard isAlive(incarnation) else { return .fenced }
        guard operation.isMutating else {
            passTime(for: operation)
            if operation == .read { deviceLock.ledger.read(path) }
            return .admitted
        }
        recordUserEditsSoFar()
        if isSuspended || (backgroundTimeEnd != nil && isEndedWork) {
            reportWorkAfterBackgroundTime("storage \(operation.named(bytes: bytes)) \(StorageOperation.shownPath(path, renamedTo: destination))")
        }
        if isDiskFull, operation.needsSpace, !isOffDevice(path) {
            passTime(for: operation)
            record(operation.namesDirectory ? "disk \(path)" : Self.lane(for: path), "\(operation.named(bytes: bytes)) \(path): no space")
            return .noSpace
        }
        writesThisStep += 1
        if let armed = armedDeath, writesThisStep >= armed.operation {
            armedDeath = nil
            trippedDeath = armed.death
            record("process", "dies (\(armed.death)) before \(operation.named(bytes: bytes)) \(StorageOperation.shownPath(path, renamedTo: destination))")
            return .fenced
        }
        passTime(for: operation)
        if recordsDurableOperations {
            durableOperations.append(DurableOperation(step: step, index: writesThisStep, site: DurableOperation.site(operation, path: path)))
        }
        let target = destination ?? path
        // Consecutive repeats (a write then its fsync) are dropped here; the scan deduplicates
        // the rest.
        if dirtyPaths.last != target { dirtyPaths.append(target) }
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
        if operation != .syncDirectory, operation != .makeDirectory, operation != .syncFile {
            deviceLock.ledger.wrote(target, rotatesBackup: operation == .rename && destination == DurableFile.backupPath(of: path))
            if let unread = deviceLock.ledger.takeOverwrite() { reportOverwrite(of: unread, by: operation, bytes: bytes, path: path, renamedTo: destination) }
        }
        return .admitted
    }

    /// Reports that the live process wrote over `unread`, a file it could not read.
    private func reportOverwrite(
        of unread: ProtectedDataLedger.Refusal, by operation: StorageOperation, bytes: Int?, path: String, renamedTo destination: String?
    ) {
        report(
            .writtenOverUnreadData,
            "storage \(operation.named(bytes: bytes)) \(StorageOperation.shownPath(path, renamedTo: destination)) replaces "
                + "\(unread.path), which this process could not read (\(unread.circumstances)) and has not read since: "
                + "what the app saves there is not built on what the file held"
        )
    }

    /// Records what the running user action changed on the screens so far, before something it
    /// does is written, acknowledged or killed: an edit is the user's before it is anything else.
    func recordUserEditsSoFar() {
        guard let action = runningUserAction else { return }
        runningUserAction = nil
        action.recordChanges()
        runningUserAction = action
    }

    /// Whether the code running now belongs to the work whose end ended the app's background time:
    /// code outside any tracked task (the callback that ended it, an expiration handler) or a task
    /// of the ended background task's scope. Other tasks the end found already running are let
    /// through: the device cannot freeze a job in the middle, iOS would freeze it anywhere.
    private var isEndedWork: Bool {
        guard let task = WorkTracker.currentTask else { return true }
        guard let scope = backgroundTimeEnd?.scope, let label = task.tracker.liveTasks[task.id] else { return false }
        return label.hasPrefix(scope + ": ")
    }

    /// Reports `work` (`storage write 12B /notes/S1.txt`, `a log record`) of the live incarnation,
    /// which has no background time left or is suspended, naming what ended its time.
    func reportWorkAfterBackgroundTime(_ work: String) {
        let ended = backgroundTimeEnd.map { "\($0.work) ended at t+\($0.milliseconds)ms, the app's last background time" }
        if isSuspended {
            report(.workAfterBackgroundTimeEnded, "\(work) while the process was suspended\(ended.map { " (\($0))" } ?? "")")
        } else {
            report(.workAfterBackgroundTimeEnded, "\(ended ?? "the app's background time ended"); then \(work)")
        }
    }

    /// The latency of one synchronous disk call: device time moves on as the blocked main thread
    /// waits (the live clock follows without firing anything; timers due meanwhile fire late).
    private func passTime(for operation: StorageOperation) {
        guard hasDiskLatency else { return }
        let delay = latency.distribution(of: operation).draw(&latencyRandom)
        guard delay > .zero else { return }
        now = now.advanced(by: delay)
        liveClock?.skip(to: now)
    }

    /// Decides one remote call of `operation` to `service` (in call order, from the latency
    /// draws) and traces it: its round trip, and the failure it meets, if any (the service's
    /// outage, else a lost request).
    func decideRemoteCall(service: String, operation: String, mayFail: Bool) -> (Duration, RemoteCallFailure?) {
        let delay = latency.network.draw(&latencyRandom)
        var failure: RemoteCallFailure?
        if mayFail {
            if let outage = outages[service] {
                failure = RemoteCallFailure(outage, service: service)
                if outage == .noAnswer {
                    unansweredUntil = max(unansweredUntil, now.advanced(by: SimulatedRemoteService.requestTimeout))
                }
            } else if latency.networkFailurePerMille > 0,
                      Int(latencyRandom.next() % 1_000) < latency.networkFailurePerMille {
                failure = .requestLost(service)
            }
        }
        let microseconds = LatencyDistribution.microseconds(delay)
        // A request that gets no answer has no round trip to show.
        let roundTrip = failure == .noAnswer(service) ? "" : " (\(microseconds / 1_000)ms)"
        record("remote \(service)", "\(operation)\(roundTrip)\(failure.map { ": \($0)" } ?? "")") { hash in
            hash.combine(byte: 11)
            hash.combine(service)
            hash.combine(operation)
            hash.combine(microseconds)
            hash.combine(byte: RemoteCallFailure.digestCode(failure))
        }
        return (delay, failure)
    }

    /// Notes that an incarnation reaches `service`: the generator offers its outages from then
    /// on (the names stay known across process deaths, in the order they were first used).
    func registerRemoteService(_ service: String) {
        if !remoteServices.contains(service) { remoteServices.append(service) }
    }

    /// Puts `service` down (`outage`) or, for `nil`, back up, and traces it in its lane.
    func setOutage(of service: String, to outage: ServiceOutage?, reason: String? = nil) {
        outages[service] = outage
        let text = outage.map { "down: \($0)" } ?? "up"
        record("remote \(service)", reason.map { "\(text) (\($0))" } ?? text)
    }

    /// Whether `path` is in (or is) one of the ``offDeviceDirectories``.
    func isOffDevice(_ path: String) -> Bool {
        for directory in offDeviceDirectories where DiskPath.isInside(path, directory) { return true }
        return false
    }

    /// Fills the device's storage, or frees it, and traces it on the device's lane.
    func setDiskFull(_ isFull: Bool, reason: String? = nil) {
        isDiskFull = isFull
        if !isFull { diskFreedAt = now }
        let text = isFull ? "storage full" : "storage freed"
        record("device", reason.map { "\(text) (\($0))" } ?? text)
    }

    /// Records the run's latency model and the draws made from it (the end of every run).
    func recordLatencyDraws() {
        record("run", "latency draws \(latencyRandom.drawCount) digest \(latencyRandom.digest)")
    }

    /// Takes one log record of `incarnation`: dropped if dead, checked for canaries.
    func admitLog(_ record: LogRecord, incarnation: Int) {
        guard isAlive(incarnation) else { return }
        if isSuspended { reportWorkAfterBackgroundTime("a log record") }
        logCount += 1
        // A byte search (Foundation's `contains` of a `String` converts both to UTF-16 first).
        for canary in canaryBytes where Self.contains(record.message, canary) || Self.contains(record.category, canary) {
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

    nonisolated static func contains(_ data: Data, _ needle: [UInt8]) -> Bool {
        data.withUnsafeBytes { contains($0, needle) }
    }

    /// Whether the UTF-8 of `text` holds `needle`.
    nonisolated static func contains(_ text: String, _ needle: [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { contains(UnsafeRawBufferPointer($0), needle) }
    }

    /// Whether `raw` holds the bytes of `needle`: the C library's `memchr` finds each candidate
    /// first byte and `memcmp` the rest (whole database files are scanned at the end of every
    /// step that wrote them).
    nonisolated static func contains(_ raw: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard let base = raw.baseAddress, let first = needle.first, raw.count >= needle.count else { return false }
        return needle.withUnsafeBytes { needleBytes in
            guard let needleBase = needleBytes.baseAddress else { return false }
            var offset = 0
            let last = raw.count - needle.count
            while offset <= last, let hit = memchr(base + offset, Int32(first), last - offset + 1) {
                if memcmp(hit, needleBase, needle.count) == 0 { return true }
                offset = base.distance(to: UnsafeRawPointer(hit)) + 1
            }
            return false
        }
    }

    static func lane(for path: String) -> String {
        guard let length = DiskPath.parentLength(of: path) else { return "disk /" }
        let utf8 = path.utf8
        return "disk \(path[..<utf8.index(utf8.startIndex, offsetBy: length)])"
    }

    nonisolated static func milliseconds(_ instant: LifelineInstant) -> Int64 {
        let (seconds, attoseconds) = instant.offset.components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
