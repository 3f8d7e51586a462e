import DurableState
import Foundation
import Lifecycle
import LifelineHistory

/// Process births and deaths: a launch builds a new incarnation through the app's composition
/// root; a death fences the old one (storage, logs, edits, host calls), cancels its timers and
/// tasks, lets them unwind (fenced), buries what is left of its work, and applies the death to the
/// disk.
extension SimulationRun {
    /// A foreground launch: launch callbacks, then the front scene connects and becomes active.
    func launch(_ kind: LaunchKind) {
        beginLaunch(kind)
        settle()
    }

    /// ``launch(_:)`` up to the settling, which the caller does.
    func beginLaunch(_ kind: LaunchKind) {
        let reason: LaunchOptions.Reason
        var connection = ConnectionOptions.none
        switch kind {
        case .user:
            reason = .user
        case .link(let index):
            reason = .url(app.links[index])
            connection.urls = [app.links[index]]
        case .notification:
            reason = .notification(["simulated": "notification"])
            connection.notificationResponse = ["simulated": "notification"]
        }
        startIncarnation(reason: reason)
        let slot = frontSlot.flatMap { sessions[$0] != nil ? $0 : nil }
            ?? sessions.firstSlot ?? 1
        connect(slot: slot, foreground: true, restoration: nil, options: connection)
        move(slot, to: .foregroundActive)
    }

    /// A launch into the background (a granted task, a silent push, a prewarm): no scene connects.
    func launchInBackground(_ reason: LaunchOptions.Reason) {
        startIncarnation(reason: reason)
        settle()
    }

    private func startIncarnation(reason: LaunchOptions.Reason) {
        incarnationCount += 1
        let number = incarnationCount
        context.liveIncarnation = number
        context.isSuspended = false
        context.backgroundTimeEnd = nil
        context.trippedDeath = nil
        context.record("process") { "launch #\(number) (\(Self.describe(reason)))" } digestText: { hash in
            hash.combine("launch #")
            hash.combine(decimal: number)
            hash.combine(" (")
            Self.digestDescription(of: reason, into: &hash)
            hash.combine(")")
        }
        let clock = VirtualClock(start: context.now)
        context.liveClock = clock
        scheduler.startProcess(number, clock: clock)
        let logger = LifelineLogger(category: "app", sink: IncarnationLogSink(context: context, incarnation: number))
        // The simulator's executors order every job: the tracker need not order wakes.
        let runtime = LifecycleRuntime(clock: clock, tracker: WorkTracker(ordersWakes: false), logger: logger, budgets: .iOS)
        // The callbacks hold the run's context and inbox, not the run: see `DeviceInbox`.
        let host = SimulatedHost(context: context, incarnation: number) { [inbox] request, identifier in
            inbox.pendingRequests[identifier] = request
        }
        runtime.host = host
        let locks = SimulatedLocks(context: context, incarnation: number)
        // A requested value is in flight until the app shows its outcome, and one whose save
        // failed may be given up: the screen may still show what it showed before, so neither is
        // the value the screen must show now (`nil` durability: a failed save).
        let history = HistoryRecorder(context: context, incarnation: number) { [inbox] key, value, durability in
            inbox.liveEdits[key] = durability == nil || durability == .requested ? nil : .some(value)
        }
        let fileSystem = IncarnationFileSystem(base: disk.mountFileSystem(), context: context, incarnation: number)
        // Without device locks the stores see a device that never locks, and check nothing.
        let storage = StorageEnvironment(
            fileSystem: fileSystem, history: app.historyFromStorage ? history : nil, sqliteVFSName: fileSystem.sqliteVFSName,
            protectedData: options.deviceLocks ? context.deviceLock : AlwaysAvailable()
        )
        let environment = SimulationEnvironment(
            incarnation: number, runtime: runtime, clock: clock, storage: storage, logger: logger,
            locks: locks, history: history, defaults: defaults, canary: canary, variant: variant,
            appVersion: app.versions.indices.contains(appVersion) ? app.versions[appVersion] : nil, context: context,
            dispatchScheduler: SimulatedDispatchScheduler(scheduler: scheduler, process: number)
        )
        let incarnation = ProcessIncarnation(
            number: number, runtime: runtime, clock: clock, locks: locks, environment: environment, host: host
        )
        current = incarnation
        inbox.liveEdits.removeAll(keepingCapacity: true)  // the next incarnation edits as many keys
        inbox.dropRuleAcknowledgements()
        inbox.disconnectedScenes.removeAll()
        incarnation.app = app.makeIncarnation(environment)
        incarnation.observers.append(runtime.addApplicationObserver { [context, inbox] event in
            guard context.isAlive(number) else { return }
            context.recordApplicationEvent(event)
            if event == .willResignActive { inbox.appResigned = true }
        })
        deliver(.launch(LaunchOptions(reason: reason, discardedSessions: pendingDiscards)))
        pendingDiscards = []
    }

    static func describe(_ reason: LaunchOptions.Reason) -> String {
        switch reason {
        case .user: "user"
        case .url(let url): "url \(url.absoluteString)"
        case .userActivity(let activity): "activity \(activity.activityType)"
        case .notification: "notification"
        case .backgroundTask(let identifier): "background task \(identifier)"
        case .silentPush: "silent push"
        case .prewarm: "prewarm"
        }
    }

    /// Mixes the UTF-8 bytes of `describe(reason)` into `hash` without building the text.
    static func digestDescription(of reason: LaunchOptions.Reason, into hash: inout FNV1a64) {
        switch reason {
        case .user: hash.combine("user")
        case .url(let url): hash.combine("url "); hash.combine(url.absoluteString)
        case .userActivity(let activity): hash.combine("activity "); hash.combine(activity.activityType)
        case .notification: hash.combine("notification")
        case .backgroundTask(let identifier): hash.combine("background task "); hash.combine(identifier)
        case .silentPush: hash.combine("silent push")
        case .prewarm: hash.combine("prewarm")
        }
    }

    /// Ends the live incarnation (if any) by `death` and applies the death to the disk: the
    /// incarnation is fenced, its runtime halted, every task it started cancelled, its timers
    /// dropped; its tasks then unwind (fenced: nothing they do reaches the device) and what cannot
    /// unwind is buried, never run and never released.
    func die(_ death: ProcessDeath, reason: String? = nil) {
        context.trippedDeath = nil
        context.armedDeath = nil
        guard let dead = current else {
            context.record("process", "\(death) while not running")
            loseDefaults(to: death)
            disk.processDied(death)
            checkDatabases(after: death)
            return
        }
        scanDirtyFiles()
        context.record("process", reason ?? "\(death)")
        context.liveIncarnation = 0
        context.isSuspended = false
        context.backgroundTimeEnd = nil
        context.liveClock = nil
        current = nil
        halt(dead)
        loseDefaults(to: death)
        disk.processDied(death)
        checkDatabases(after: death)
        unwind(dead)
    }

    /// Installs the app's next version (``SimulationEvent/updateApp``): a process alive is killed
    /// without a callback, as the App Store's update ends it; every later launch runs the new
    /// version on the same disk, with the same scene sessions.
    func updateApp() {
        if current != nil { die(.kill, reason: "killed by the app's update") }
        appVersion += 1
        let version = app.versions.indices.contains(appVersion) ? app.versions[appVersion] : "\(appVersion + 1)"
        context.record("device", "app updated to version \(version)")
    }

    /// Stops `dead`'s runtime, cancels every task of the process and drops its timers (sleepers
    /// wake with `CancellationError`): what the unwinding then runs.
    func halt(_ dead: ProcessIncarnation) {
        dead.runtime.markKilled()
        scheduler.processDied(dead.number)
        dead.clock.cancelAll()
        for observer in dead.observers { observer.cancel() }
    }

    /// A power loss takes the user defaults the device had not written yet.
    private func loseDefaults(to death: ProcessDeath) {
        guard case .powerLoss = death, defaults.losePower() else { return }
        context.record("device", "user defaults not yet written are lost")
    }

    /// Ends a run that is not finished (a replay refused an event): the live incarnation dies and
    /// its tasks unwind, so nothing of it runs later.
    func abandon() {
        die(.kill, reason: "the replay stopped")
        endCapture()
    }

    /// Lets the tasks of `dead`, halted, unwind: runs the work left in the lanes (all of it
    /// `dead`'s) until none is left, at most ``SimulationOptions/busyLoopLimit`` pieces, then
    /// buries the process. Never reported: the process is dead.
    func unwind(_ dead: ProcessIncarnation) {
        var rounds = 0
        while rounds < options.busyLoopLimit, scheduler.runNext() { rounds += 1 }
        scheduler.bury(process: dead.number)
    }

    /// Copies the restoration payloads the runtime holds to the device's sessions, scans them for
    /// canaries and acknowledges the restorable edits they hold.
    func capturePayloads() {
        guard let current, context.isAlive(current.number) else { return }
        // Skipped when neither the runtime's sessions nor the device's have been written since a
        // capture left them in step. Equivalent: after the loop below every slot's payload equals
        // its runtime session's (the loop stores those that differ; nothing in it writes either
        // side again), so the loop would find no difference and do nothing until one side is
        // written, and every write of either bumps its revision (the runtime's `didSet`, the
        // device's subscript setter). A new incarnation has a new runtime, hence its number.
        let mark = (incarnation: current.number, runtime: current.runtime.sessionRevision, device: sessions.revision)
        if let captured = capturedSessions, captured == mark { return }
        defer { capturedSessions = (current.number, current.runtime.sessionRevision, sessions.revision) }
        // Read once: nothing below changes the runtime's sessions.
        let runtimeSessions = current.runtime.sessions
        for slot in sessions.slotRange {
            guard let record = sessions[slot], let session = runtimeSessions[record.id],
                  session.restorationPayload != record.payload
            else { continue }
            sessions[slot]?.payload = session.restorationPayload
            context.record("device", "restoration payload of \(record.id): \(session.restorationPayload?.count ?? 0)B")
            if let payload = session.restorationPayload { context.scan(payload, place: "the restoration state of \(record.id)") }
            let keys = context.history.acknowledgeRestorable(scene: record.id, incarnation: current.number)
            if !keys.isEmpty {
                context.record("history", "ack by the captured payload: \(keys.map { $0.description }.joined(separator: ", "))")
            }
        }
    }

    /// The path prefix of the keychain's files (built once: the scan runs after every step).
    private static let keychainPrefix = SimulatedSecretStore.directory + "/"

    /// Scans files written since the last scan (the keychain excepted) for canaries.
    func scanDirtyFiles() {
        guard !context.dirtyPaths.isEmpty else { return }
        // The few files among the dirty paths (many name temporary files renamed since, or
        // directories) are read first, under one lock; only they are sorted and deduplicated.
        // Repeats of a path read the same bytes, so the scan is the one over the unique paths
        // in path order.
        var files = disk.contents(at: context.dirtyPaths)
        context.dirtyPaths.removeAll(keepingCapacity: true)
        if files.count > 1 { files.sort { $0.path < $1.path } }
        let keychain = Self.keychainPrefix
        var previous: String?
        for (path, data) in files where path != previous {
            previous = path
            if path.hasPrefix(keychain) { continue }
            context.scan(data, place: "the file \(path)")
        }
    }
}
