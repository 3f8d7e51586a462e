import Foundation
import Lifecycle

/// The checks after every step and the final check: the lesson's acknowledgement rule, restoration
/// payload capture, canary scans, the history (what the user sees against what was acknowledged)
/// and the app's invariants.
extension SimulationRun {
    /// The checks after a step (synchronous: nothing in them waits, so the step pays no hop).
    func endOfStep() {
        reportOffMainAccesses()
        guard violation == nil, let current, context.isAlive(current.number) else { return }
        if options.acknowledgesOnInactive, !resignedScenes.isEmpty || appResigned {
            let scenes = resignedScenes
            let app = appResigned
            let keys = context.history.acknowledgePending(incarnation: current.number) { key in
                key.scene.map { scenes.contains($0) } ?? app
            }
            if !keys.isEmpty {
                context.record("history", "ack by the inactive rule: \(keys.map { $0.description }.joined(separator: ", "))")
            }
        }
        capturePayloads()
        scanDirtyFiles()
        checkInvariants()
        checkObservations()
    }

    /// Compares what the user sees with the history.
    func checkObservations() {
        guard violation == nil, let current, let appIncarnation = current.app else { return }
        let history = context.history
        let liveEdits = self.liveEdits
        let observations = app.observe(appIncarnation)
        // What follows depends only on what is shown, the live edits and the history: when none
        // changed since it last passed, it passes again (comparing is much cheaper than checking).
        // The live edits are compared by their write count: an unchanged count means unchanged
        // edits; a write that left them equal only costs a check that passes again.
        if let view = history.consistentView, view.generation == history.generation,
           view.liveEditsRevision == liveEditsRevision, view.observations == observations {
            return
        }
        history.consistentView = nil
        let hasLiveEdits = !liveEdits.isEmpty
        for observation in observations {
            let key = observation.key
            let value = observation.value
            if hasLiveEdits, let edited = liveEdits[key] {
                guard value != edited else { continue }
                report(key, shows: value, expected: "the user's latest edit \(HistoryRecorder.show(edited))", live: true)
            } else if !history.allows(value, for: key) {
                let expected = history.acknowledgedValue(of: key).map { "the acknowledged \(HistoryRecorder.show($0))" }
                    ?? "a value it once had"
                report(key, shows: value, expected: expected, live: false)
            }
            if violation != nil { return }
        }
        history.consistentView = EditHistory.ConsistentView(
            generation: history.generation, observations: observations, liveEditsRevision: liveEditsRevision
        )
    }

    private func report(_ key: HistoryKey, shows value: String?, expected: String, live: Bool) {
        let history = context.history
        let shown = HistoryRecorder.show(value)
        let others = value == nil ? [] : history.otherKeys(named: key.name, holding: value, excluding: key)
        if let other = others.first, !history.wasEverValue(value, of: key) {
            context.report(.crossSceneLeak, "\(key) shows \(shown), a value made for \(other)")
        } else if live {
            context.report(.lostLiveEdit, "\(key) shows \(shown) instead of \(expected)")
        } else if value == nil || history.wasEverValue(value, of: key) {
            context.report(.lostAcknowledgedEdit, "\(key) shows \(shown) instead of \(expected)")
        } else {
            context.report(.phantomData, "\(key) shows \(shown), which no edit ever set")
        }
    }

    func checkInvariants() {
        guard violation == nil, let appIncarnation = current?.app else { return }
        if let broken = app.firstBrokenInvariant(appIncarnation) {
            context.report(.app(broken.name), broken.message)
        }
    }

    /// Liveness and durability: after the faults stop, the app runs untouched for the liveness
    /// bound, every edit it made must then be saved; the process is killed and relaunched with
    /// every session, and what the user sees is checked against the history.
    func finalCheck() async {
        context.step = applied.count
        context.record("step", "final check: liveness wait, relaunch, history")
        if let armed = armedForNextStep {
            armedForNextStep = nil
            await die(armed.death)
        }
        if let current, isRunning {
            await advanceTime(to: context.now.advanced(by: options.livenessBound))
            if violation == nil, self.current === current {
                let keys = context.history.acknowledgePending(incarnation: current.number) { _ in true }
                if !keys.isEmpty {
                    context.record("history", "liveness: must be saved now: \(keys.map { $0.description }.joined(separator: ", "))")
                }
                capturePayloads()
            }
        }
        guard violation == nil else { return }
        if isAlive { await die(.kill, reason: "killed for the final check") }
        await launch(.user)
        for slot in sessions.slots where scene(slot) == nil && violation == nil {
            connect(slot: slot, foreground: true, restoration: nil, options: .none)
        }
        await settle()
        await advanceTime(to: context.now.advanced(by: options.hydrationBound))
        endOfStep()
        guard violation == nil else { return }
        for file in disk.allFiles() where !file.path.hasPrefix(SimulatedSecretStore.directory + "/") {
            context.scan(file.contents, place: "the file \(file.path)")
        }
    }
}
