import DurableState
import Foundation
import Lifecycle
import LifelineHistory

/// How each event acts on the device and the runtime.
extension SimulationRun {
    /// Applies `event` to the device and the runtime, then lets the device settle.
    func apply(_ event: SimulationEvent) {
        switch event {
        case .launch(let kind):
            beginLaunch(kind)
        case .kill:
            die(.kill)
            return
        case .updateApp:
            updateApp()
            return
        case let .powerLoss(policy, seed):
            die(.powerLoss(policy: policy, seed: seed))
            return
        case .terminate:
            deliver(.terminate)
            die(.kill, reason: "terminated")
            return
        case .expireExtraTime:
            guard let deadline = current?.runtime.extraTimeLeases.first?.deadline else { return }
            advanceTime(to: deadline)
            return
        case .advance(let milliseconds):
            advanceTime(to: context.now.advanced(by: .milliseconds(milliseconds)))
            return
        case .clockJump(let hours):
            advanceTime(to: context.now.advanced(by: .seconds(hours * 3_600)))
            return
        case let .connectScene(slot, foreground, restoration):
            resumeIfSuspended()
            connect(slot: slot, foreground: foreground, restoration: restoration, options: .none)
        case let .connectSceneWithLink(slot, link, asActivity):
            resumeIfSuspended()
            let url = app.links[link]
            let options = asActivity ? ConnectionOptions(userActivities: [.universalLink(url)]) : ConnectionOptions(urls: [url])
            connect(slot: slot, foreground: true, restoration: nil, options: options)
        case .disconnectScene(let slot):
            resumeIfSuspended()
            if let id = sessions[slot]?.id { deliver(.disconnectScene(id)) }
        case .discardSession(let slot):
            guard let id = sessions[slot]?.id else { return }
            sessions[slot] = nil
            if frontSlot == slot { frontSlot = nil }
            guard isAlive else {
                pendingDiscards.append(id)
                context.record("device", "session \(id) discarded while not running")
                return
            }
            resumeIfSuspended()
            deliver(.discardSessions([id]))
        case .activate(let slot):
            resumeIfSuspended()
            move(slot, to: .foregroundActive)
            frontSlot = slot
        case .resignActive(let slot):
            move(slot, to: .foregroundInactive)
        case .enterBackground(let slot):
            move(slot, to: .background)
        case .enterForeground(let slot):
            resumeIfSuspended()
            move(slot, to: .foregroundInactive)
        case let .openLink(slot, link):
            if let id = sessions[slot]?.id { deliver(.openURLs([app.links[link]], in: id)) }
        case let .userAction(name, slot, seed):
            performUserAction(name, slot: slot, seed: seed)
        case .suspend:
            suspend(reason: "suspended by the system")
            return
        case let .crashDuringNextStep(operation, death):
            armedForNextStep = (operation, death)
            return
        case .memoryWarning:
            deliver(.memoryWarning)
        case .grantBackgroundTask(let identifier):
            // Without a process the grant launches one: checked before any change.
            guard current != nil else { return launchAndDeliver(event) }
            inbox.pendingRequests[identifier] = nil
            resumeIfSuspended()
            deliver(.runBackgroundTask(identifier: identifier))
        case .expireBackgroundTask(let identifier):
            deliver(.expireBackgroundTask(identifier: identifier))
        case .silentPush:
            guard current != nil else { return launchAndDeliver(event) }
            resumeIfSuspended()
            deliver(.silentPush(["simulated": "push"]))
        case .corruptFile(let seed):
            corruptFile(seed: seed)
            return
        case let .serviceDown(service, outage):
            // Nothing runs: the next call to the service meets the outage.
            context.setOutage(of: service, to: outage)
            return
        case .serviceUp(let service):
            context.setOutage(of: service, to: nil)
            return
        case .diskFull, .diskFreed:
            // Nothing runs: the next write meets the full storage, or finds room.
            context.setDiskFull(event == .diskFull)
            return
        case .lock:
            lockDevice()
        case .unlock:
            unlockDevice()
        case .reboot:
            die(.kill, reason: "the device rebooted")
            setLockState(.beforeFirstUnlock, reason: "rebooted")
            return
        case .prewarm:
            launchInBackground(.prewarm)
            return
        }
        settle()
    }

    /// Applies a grant or a silent push that finds no process: it launches one in the
    /// background, delivers the event and lets the device settle.
    private func launchAndDeliver(_ event: SimulationEvent) {
        switch event {
        case .grantBackgroundTask(let identifier):
            inbox.pendingRequests[identifier] = nil
            launchInBackground(.backgroundTask(identifier))
            resumeIfSuspended()
            deliver(.runBackgroundTask(identifier: identifier))
            settle()
        case .silentPush:
            launchInBackground(.silentPush)
            resumeIfSuspended()
            deliver(.silentPush(["simulated": "push"]))
            settle()
        default:
            assertionFailure("\(event) does not launch a process")
        }
    }

    /// Resumes a suspended process (no callback) for the event that wakes it. The work frozen by
    /// the suspension (timers that fell due, tasks woken) runs first, as the woken process picks
    /// it up before the event's handler runs: that work never counts against the time the event
    /// grants.
    func resumeIfSuspended() {
        guard isAlive, context.isSuspended else { return }
        context.isSuspended = false
        context.backgroundTimeEnd = nil
        deliver(.resume)
        settle()
    }

    /// The device's rule of background time (LIFECYCLE.md): an app with no scene in the
    /// foreground and no background task, extra-time lease or silent push left is suspended, at
    /// once, with no callback — no `suspend` event needed. Called at the end of every step and
    /// before time moves past each deadline, so the work already running when its time ended
    /// has stopped.
    func suspendIfOutOfTime() {
        guard violation == nil, !context.isSuspended, let current, context.isAlive(current.number), refusal(of: .suspend) == nil else { return }
        suspend(reason: context.backgroundTimeEnd.map { "suspended: no background time left after \($0.work)" }
            ?? "suspended: in the background with no background time")
    }

    /// Suspends the live process (no callback), unless it holds a lock: that is the violation
    /// iOS kills apps for (0xdead10cc).
    func suspend(reason: String) {
        if let held = current?.locks.heldNames, !held.isEmpty {
            context.report(.lockHeldIntoSuspension, "suspended while holding \(held.joined(separator: ", ")) (0xdead10cc)")
            return
        }
        context.record("device", reason)
        deliver(.suspend)
        context.isSuspended = true
    }

    func move(_ slot: Int, to state: SceneState) {
        guard let id = sessions[slot]?.id else { return }
        deliver(.moveScene(id, to: state))
    }

    func performUserAction(_ name: String, slot: Int, seed: UInt64) {
        guard let current, let appIncarnation = current.app, let scene = scene(slot),
              let action = app.action(named: name)
        else { return }
        var random = SimulationRandom(seed: seed)
        context.record("scene \(scene.id)", "user: \(name)") { hash in
            hash.combine(byte: 5)
            hash.combine(scene.id.rawValue)
            hash.combine(name)
        }
        guard !action.edits.isEmpty else {
            return action.perform(appIncarnation, scene, current.environment, &random)
        }
        let edits = UserEditRecorder(edits: action.edits, scene: scene.id, history: current.environment.history) { [app] in
            UserEditRecorder.Snapshot(observed: app.observe(appIncarnation), screens: current.environment.screens.valuesByScreen())
        }
        context.runningUserAction = edits
        action.perform(appIncarnation, scene, current.environment, &random)
        context.runningUserAction = nil
        edits.recordChanges()
    }

    /// Connects the scene of `slot`, creating its session if the slot is empty.
    func connect(slot: Int, foreground: Bool, restoration: RestorationMutation?, options: ConnectionOptions) {
        guard let current else { return }
        let record = sessions[slot] ?? newSession(slot)
        sessions[slot] = record
        var payload = record.payload
        if let restoration {
            payload = mutate(payload ?? Data(), restoration)
            context.record("device", "restoration payload of \(record.id) damaged: \(restoration)")
            context.history.damageRestoration(of: record.id)
        }
        for key in inbox.liveEdits.keys where key.scene == record.id { inbox.liveEdits[key] = nil }
        deliver(.connectScene(SceneSession(id: record.id, restorationPayload: payload), options, foreground: foreground))
        if foreground { frontSlot = slot }
        guard let scene = current.runtime.connectedScene(record.id) else { return }
        let id = scene.id
        // Holds the run's context and inbox, not the run: see `DeviceInbox`.
        let number = current.number
        current.observers.append(scene.addObserver { [context, inbox] event in
            guard context.isAlive(number) else { return }
            context.recordSceneEvent(id, event)
            if event == .willResignActive { inbox.resignedScenes.insert(id) }
            if event == .didEnterBackground { inbox.backgroundedScenes.insert(id) }
            if event == .didDisconnect {
                inbox.disconnectedScenes.append(id)
                inbox.backgroundedScenes.insert(id)
            }
        })
    }

    func newSession(_ slot: Int) -> SessionRecord {
        let generation = sessionGenerations[slot, default: 0] + 1
        sessionGenerations[slot] = generation
        let id = SceneSessionID(generation == 1 ? "S\(slot)" : "S\(slot).\(generation)")
        context.record("device") { "new session \(id) in slot \(slot)" } digestText: { hash in
            hash.combine("new session ")
            hash.combine(id.rawValue)
            hash.combine(" in slot ")
            hash.combine(decimal: slot)
        }
        return SessionRecord(id: id, payload: nil)
    }

    func mutate(_ payload: Data, _ mutation: RestorationMutation) -> Data {
        switch mutation {
        case .truncated(let keep):
            return Data(payload.prefix(max(0, keep)))
        case let .randomBytes(seed, count):
            var random = SimulationRandom(seed: seed)
            return Data((0..<max(0, count)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        case .flippedByte(let index):
            guard !payload.isEmpty else { return payload }
            var bytes = [UInt8](payload)
            let position = index % bytes.count
            bytes[position] = ~bytes[position]
            return Data(bytes)
        case .empty:
            return Data()
        case let .app(index, seed):
            var random = SimulationRandom(seed: seed)
            return app.restorationMutations[index].mutate(payload, &random)
        }
    }

    func corruptFile(seed: UInt64) {
        let files = damageableFiles()
        guard !files.isEmpty else { return }
        var random = SimulationRandom(seed: seed)
        let file = random.element(of: files)
        var bytes = [UInt8](file.contents)
        if random.chance(1, in: 2) {
            bytes = Array(bytes.prefix(random.int(below: bytes.count)))
        } else {
            for _ in 0..<max(1, bytes.count / 8) {
                let index = random.int(below: bytes.count)
                bytes[index] = UInt8(truncatingIfNeeded: random.next())
            }
        }
        disk.damage(path: file.path, contents: Data(bytes))
        context.history.taint()
        context.history.damageFile(at: file.path)
        context.record(RunContext.lane(for: file.path), "damaged \(file.path) (\(file.contents.count)B -> \(bytes.count)B)")
    }
}
