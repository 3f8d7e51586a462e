import DurableState
import Foundation
import Lifecycle
import LifelineHistory

/// The checks after every step and the final check: the lesson's acknowledgement rule, restoration
/// payload capture, canary scans, the history (what the user sees against what was acknowledged)
/// and the app's invariants.
extension SimulationRun {
    /// The checks after a step (synchronous: nothing in them waits, so the step pays no hop).
    func endOfStep() {
        reportOffMainAccesses()
        guard violation == nil, let current, context.isAlive(current.number) else { return }
        if options.acknowledgesOnInactive { applyInactiveRule(current) }
        if options.deviceLocks { noteUnlockSeenInForeground() }
        if !inbox.disconnectedScenes.isEmpty { watchScreensOfDisconnectedScenes(current) }
        if let shared = current.environment.screens.sharedScreens.first { reportSharedScreen(shared) }
        capturePayloads()
        scanDirtyFiles()
        checkInvariants()
        checkObservations()
    }

    /// The lesson's rule, now that saving takes time: edits pending when their scene (or the app)
    /// resigned active are acknowledged once the flush the resignation started is over — at the
    /// end of the first step, from the resignation's on, at which the app holds no extra-time
    /// lease (the lease a flush takes while its save is in flight). A death before that leaves
    /// them indeterminate.
    ///
    /// The same holds for restorable state at the background (iOS asks for a scene's restoration
    /// state when it enters the background, and may end the process without a word from then
    /// on): a scene's restorable edits pending when it entered the background or disconnected
    /// are acknowledged once that step's saves are over, whether the app saved them in its
    /// session's payload or in files of its own.
    private func applyInactiveRule(_ current: ProcessIncarnation) {
        if !inbox.resignedScenes.isEmpty || inbox.appResigned {
            for scene in inbox.resignedScenes { inbox.awaitingFlush[scene] = context.step }
            if inbox.appResigned { inbox.appAwaitingFlush = context.step }
        }
        for scene in inbox.backgroundedScenes { inbox.awaitingRestorableSave[scene] = context.step }
        if context.isDiskFull {
            // The saves these rules stand for could not be made: nothing is acknowledged by rule
            // while the storage is full (what the app's storage did save, it acknowledged itself).
            inbox.dropRuleAcknowledgements()
            return
        }
        guard current.runtime.extraTimeLeases.isEmpty else { return }
        if !inbox.awaitingRestorableSave.isEmpty { applyBackgroundRule(current) }
        guard !inbox.awaitingFlush.isEmpty || inbox.appAwaitingFlush != nil else { return }
        let scenes = inbox.awaitingFlush
        let app = inbox.appAwaitingFlush
        inbox.awaitingFlush.removeAll()
        inbox.appAwaitingFlush = nil
        let keys = context.history.acknowledgePending(incarnation: current.number, byInactiveRule: true) { key in
            key.scene.map { scenes[$0] } ?? app
        }
        if !keys.isEmpty {
            context.record("history", "ack by the inactive rule: \(keys.map { $0.description }.joined(separator: ", "))")
        }
    }

    /// Acknowledges the restorable edits of the scenes that entered the background or
    /// disconnected (``applyInactiveRule(_:)``), now that their saves are over.
    private func applyBackgroundRule(_ current: ProcessIncarnation) {
        let scenes = inbox.awaitingRestorableSave
        inbox.awaitingRestorableSave.removeAll()
        let keys = context.history.acknowledgeRestorable(incarnation: current.number) { scenes[$0] }
        if !keys.isEmpty {
            context.record("history", "ack by the background rule: \(keys.map { $0.description }.joined(separator: ", "))")
        }
    }

    /// Compares what the user sees with the history.
    func checkObservations() {
        guard violation == nil, let current, let appIncarnation = current.app else { return }
        let history = context.history
        let liveEdits = inbox.liveEdits
        let seen = observations(of: current, app: appIncarnation, checkingEdits: true)
        var observations = seen.observations
        if let strayEdit = seen.strayEdit {
            reportEditOnlyInScreen(strayEdit.value, scene: strayEdit.scene)
            return
        }
        if let claim = seen.unsavedClaim {
            reportShownSavedNotWritten(claim)
            return
        }
        if !history.defaults.isEmpty {
            for index in observations.indices {
                observations[index].text = history.normalized(observations[index].text, of: observations[index].key)
            }
        }
        for observation in observations {
            let key = observation.key
            let value = observation.text
            if let edited = liveEdits[key] {
                guard value != edited else { continue }
                report(key, shows: value, expected: .some(edited), live: true)
            } else if !history.allows(value, for: key) {
                report(key, shows: value, expected: history.acknowledgedValue(of: key), live: false)
            }
            if violation != nil { return }
        }
    }

    /// What the user of `current` sees: the app's own observations, then what its registered
    /// screens show. With `checkingEdits` (for the checks), without the provisional values, and
    /// with the first value a screen of a scene that is not foreground-active shows as the
    /// user's edit while its model holds something else, and the first a screen says is saved
    /// that is not (``EditHistory/isSaved(_:of:in:)``).
    func observations(
        of current: ProcessIncarnation, app appIncarnation: AnyObject, checkingEdits: Bool = false
    ) -> (observations: [VisibleValue], strayEdit: (scene: SceneSessionID, value: VisibleValue)?, unsavedClaim: VisibleValue?) {
        let observed = app.observe(appIncarnation)
        let screens = current.environment.screens
        guard !screens.isEmpty else { return (observed, nil, nil) }
        let runtime = current.runtime
        let shown = screens.visibleValues { scene in checkingEdits && runtime.scenes[scene]?.state != .foregroundActive }
        guard checkingEdits else { return (observed + shown.values, nil, nil) }
        var checked = observed
        checked.reserveCapacity(observed.count + shown.values.count)
        var unsavedClaim: VisibleValue?
        let history = context.history
        for value in shown.values where !value.isProvisional {
            checked.append(value)
            guard value.saysSaved, unsavedClaim == nil else { continue }
            let key = value.key
            if !history.isSaved(history.normalized(value.text, of: key), of: key, in: current.number) { unsavedClaim = value }
        }
        return (checked, shown.strayEdit, unsavedClaim)
    }

    private func reportShownSavedNotWritten(_ value: VisibleValue) {
        let key = value.key
        let saved = context.history.acknowledgedValue(of: key).map { HistoryRecorder.show($0) } ?? "nothing"
        context.report(
            .shownSavedNotWritten,
            "a screen shows \(key) as \(HistoryRecorder.show(value.text)) and says it is saved, but its storage has not "
                + "acknowledged writing it (what is saved is \(saved)): a kill now loses what the user was told is safe"
        )
    }

    private func reportEditOnlyInScreen(_ value: VisibleValue, scene: SceneSessionID) {
        let held = value.modelText ?? nil
        context.report(
            .editOnlyInScreen,
            "scene \(scene.rawValue) is no longer active; its screen shows \(value.key) as \(HistoryRecorder.show(value.text)), "
                + "but the model beneath holds \(HistoryRecorder.show(held)): the edit lives only in the screen"
        )
    }

    private func report(_ key: HistoryKey, shows value: String?, expected: String??, live: Bool) {
        let verdict = context.history.verdict(for: key, shows: value, expected: expected, live: live, step: context.step)
        context.report(verdict.kind, verdict.message)
    }

    /// Takes the screens of the scenes that disconnected during this step off the screen (out of
    /// the registry, so that what they show is no longer checked against the history) and
    /// watches those still alive now that the step has settled: work of theirs may still be
    /// unwinding, so they are judged only once the app has idled (`checkScreensReleased(_:after:)`).
    private func watchScreensOfDisconnectedScenes(_ current: ProcessIncarnation) {
        let screens = current.environment.screens
        for scene in inbox.disconnectedScenes {
            let alive = screens.unregisterScreens(in: scene)
            guard !alive.isEmpty else { continue }
            for screen in alive {
                current.screensOfDisconnectedScenes.append(DisconnectedScreen(screen: screen, scene: scene, step: context.step))
            }
            context.record("scene \(scene)", "disconnected, still alive: \(alive.map { "\(type(of: $0))" }.joined(separator: ", "))")
        }
        inbox.disconnectedScenes.removeAll()
    }

    /// A view model belongs to one scene: the registry saw one registered under a second.
    private func reportSharedScreen(_ shared: ScreenRegistry.SharedScreen) {
        context.report(
            .screenSharedByScenes,
            "scene \(shared.second.rawValue) registered scene \(shared.first.rawValue)'s \(shared.type) as its own: "
                + "one model serves both windows, so what the user does in one shows in the other"
        )
    }

    /// LeakCanary's rule for a scene: once the app has idled for the liveness bound (or, suspended,
    /// has nothing left to run), no screen of a scene that disconnected is alive — neither one
    /// watched since its scene's disconnection (its session may have connected again, with new
    /// screens) nor one registered under a scene that is not connected now. `when` says which.
    private func checkScreensReleased(_ current: ProcessIncarnation, after when: String) {
        var kept: (scene: SceneSessionID, screen: AnyObject, since: String)?
        if let watched = current.screensOfDisconnectedScenes.first(where: { $0.screen != nil }), let screen = watched.screen {
            kept = (watched.scene, screen, "disconnected at step \(watched.step)")
        } else if let entry = current.environment.screens.registrations.first(where: { entry in
            entry.scene.map { current.runtime.connectedScene($0) == nil } ?? false
        }), let scene = entry.scene {
            kept = (scene, entry.screen, "is not connected")
        }
        guard let kept else { return }
        context.report(
            .screenOutlivedScene,
            "scene \(kept.scene.rawValue) \(kept.since), but its \(type(of: kept.screen)) is still alive \(when): "
                + "something outside the scene holds it (a retain cycle, an app-wide service's "
                + "callback or list, a task outside the scene's scope), and a device keeps it, with all it holds, for the process's life"
        )
    }

    func checkInvariants() {
        guard violation == nil, let appIncarnation = current?.app else { return }
        if let broken = app.firstBrokenInvariant(appIncarnation) {
            context.report(.app(broken.name), broken.message)
        }
    }

    /// The keys whose newest edit `current` failed to save and no longer shows: an edit the app
    /// gave up (it went back to the value before), which liveness does not require. One it still
    /// shows it must save once the faults stop.
    private func abandonedSaves(of current: ProcessIncarnation) -> Set<HistoryKey> {
        let failed = context.history.failedSaves(madeBy: current.number)
        guard !failed.isEmpty, let appIncarnation = current.app else { return [] }
        var abandoned = Set(failed.keys)
        for observation in observations(of: current, app: appIncarnation).observations {
            if let value = failed[observation.key], context.history.normalized(observation.text, of: observation.key) == value {
                abandoned.remove(observation.key)
            }
        }
        return abandoned
    }

    /// Liveness and durability: after the faults stop (every service down comes back, every
    /// request that got no answer has reached the platform's request timeout, and the storage has
    /// had room for ``SimulationOptions/retryBound``), the app runs
    /// untouched for the liveness bound, and unless it was suspended meanwhile every edit it made must then be saved; the
    /// process is killed and relaunched with every session, and what the user sees is checked
    /// against the history.
    func finalCheck() {
        context.step = applied.count
        context.record("step", "final check: liveness wait, relaunch, history")
        // The faults stop: every service answers again (calls in flight keep their fate).
        for service in context.outages.keys.sorted() {
            context.setOutage(of: service, to: nil, reason: "the final check")
        }
        if context.isDiskFull { context.setDiskFull(false, reason: "the final check") }
        // The user unlocks the device: the app must recover by itself within the liveness wait.
        if context.deviceLock.state != .unlocked { unlockDevice(reason: "the final check") }
        if let armed = armedForNextStep {
            armedForNextStep = nil
            die(armed.death)
        }
        if let current, isRunning {
            // A failed save may wait for its retry up to the bound after the storage had room again.
            let retriesUntil = context.diskFreedAt.map { $0.advanced(by: options.retryBound) } ?? .zero
            let target = max(context.now, context.unansweredUntil, retriesUntil).advanced(by: options.livenessBound)
            advanceTime(to: target)
            // A process suspended meanwhile (its background time ended) could not finish what
            // was in flight: those edits stay indeterminate.
            if violation == nil, self.current === current, !context.isSuspended {
                let abandoned = abandonedSaves(of: current)
                let keys = context.history.acknowledgePending(incarnation: current.number) { abandoned.contains($0) ? nil : Int.max }
                if !keys.isEmpty {
                    context.record("history", "liveness: must be saved now: \(keys.map { $0.description }.joined(separator: ", "))")
                }
                capturePayloads()
            }
        }
        // A suspended process's work cannot release what it holds until the process runs again:
        // then only a process with no work left is judged.
        if violation == nil, let current {
            if !context.isSuspended {
                checkScreensReleased(current, after: "after the app idled for \(options.livenessBound)")
            } else if current.tracker.liveTasks.isEmpty && current.clock.pendingCount == 0 {
                checkScreensReleased(current, after: "in the suspended process, with no task or timer left that could release it")
            }
        }
        if violation == nil, current != nil, options.deviceLocks { checkDeferredWorkDone() }
        guard violation == nil else { return }
        if isAlive { die(.kill, reason: "killed for the final check") }
        beginLaunch(.user)
        settle()
        for slot in sessions.slots where scene(slot) == nil && violation == nil {
            connect(slot: slot, foreground: true, restoration: nil, options: .none)
        }
        settle()
        let target = context.now.advanced(by: options.hydrationBound)
        advanceTime(to: target)
        endOfStep()
        guard violation == nil else { return }
        for file in disk.allFiles() where !file.path.hasPrefix(SimulatedSecretStore.directory + "/") {
            context.scan(file.contents, place: "the file \(file.path)")
        }
    }
}
