import Lifecycle

/// Why an event cannot happen now, in words: the reason a replay refuses it
/// (``ReplayError/illegalEvent(index:event:reason:)``). Computed only after ``isLegal(_:)`` said
/// no, by the same rules, so the generator's fast path never builds these texts.
extension SimulationRun {
    /// The reason `event` is illegal now (`isLegal(event)` is false).
    func illegalityReason(_ event: SimulationEvent) -> String {
        if violation != nil { return "the run already stopped at a violation" }
        switch event {
        case .launch(let kind):
            if current != nil { return "the process is already \(processDescription)" }
            if case .link(let index) = kind { return missingLink(index) }
        case let .connectScene(slot, _, restoration):
            if let reason = connectionProblem(slot) { return reason }
            if restoration != nil, !sessions.hasPayload(slot) {
                return "scene \(slot) has no saved restoration payload to damage"
            }
            if case .app(let index, _) = restoration, !app.restorationMutations.indices.contains(index) {
                return "the app has no restoration mutation number \(index) (it has \(app.restorationMutations.count))"
            }
        case let .connectSceneWithLink(slot, link, _):
            if let reason = connectionProblem(slot) { return reason }
            return missingLink(link)
        case .disconnectScene(let slot):
            return "scene \(slot) is not connected"
        case .discardSession(let slot):
            if sessions.id(of: slot) == nil { return "scene \(slot) has no session to discard" }
            return "scene \(slot) is connected (a connected scene's session cannot be discarded)"
        case .activate(let slot):
            return sceneState(slot) == nil ? "scene \(slot) is not connected" : "scene \(slot) is already active"
        case .resignActive(let slot):
            return runningProblem ?? sceneProblem(slot, expected: "active")
        case .enterBackground(let slot):
            return runningProblem ?? sceneProblem(slot, expected: "in the foreground")
        case .enterForeground(let slot):
            return sceneProblem(slot, expected: "in the background")
        case let .openLink(slot, link):
            if let reason = runningProblem { return reason }
            if sceneState(slot)?.isForeground != true { return sceneProblem(slot, expected: "in the foreground") }
            return missingLink(link)
        case let .userAction(name, slot, _):
            if let reason = runningProblem { return reason }
            guard app.action(named: name) != nil else { return "the app has no action named \"\(name)\"" }
            if sceneState(slot) != .foregroundActive { return sceneProblem(slot, expected: "active") }
            return "the action \"\(name)\" is not enabled in scene \(slot) now"
        case .suspend:
            if let reason = runningProblem {
                return reason + (context.isSuspended ? " (the device suspends an app by itself once no background time is left)" : "")
            }
            if let runtime = current?.runtime, runtime.holdsBackgroundTime {
                return "the app holds background time (a background task, extra-time lease or silent push)"
            }
            return "a scene is in the foreground"
        case .kill:
            return "the process is not running"
        case .crashDuringNextStep(let operation, _):
            if operation < 1 { return "the storage operation number must be at least 1, not \(operation)" }
            return "a crash is already armed for the next step"
        case .terminate, .memoryWarning:
            return runningProblem ?? "the process is not running"
        case .grantBackgroundTask(let identifier):
            guard let request = inbox.pendingRequests[identifier] else {
                return "no request for background task '\(identifier)' is pending"
            }
            if let earliest = request.earliestBegin, earliest > context.now {
                return "the request's earliest begin is t+\(RunContext.milliseconds(earliest))ms; the device is at t+\(context.nowMilliseconds)ms"
            }
            return "background task '\(identifier)' is already running"
        case .expireBackgroundTask(let identifier):
            return runningProblem ?? "background task '\(identifier)' is not running"
        case .expireExtraTime:
            return runningProblem ?? "no extra-time lease is held"
        case .powerLoss, .silentPush:
            break
        case .advance(let milliseconds):
            return "time must move forward, not by \(milliseconds) ms"
        case .clockJump(let hours):
            return "time must move forward, not by \(hours) h"
        case .corruptFile:
            return current != nil ? "the process is running (files are damaged only while it is not)" : "no file can be damaged"
        case .serviceDown(let service, _):
            return "\(service) is already down (\(context.outages[service]?.description ?? "?"))"
        case .serviceUp(let service):
            return "\(service) is not down"
        case .diskFull:
            return "the storage is already full"
        case .diskFreed:
            return "the storage is not full"
        }
        return "its precondition does not hold"
    }

    /// `running` or `suspended`, for a live process.
    private var processDescription: String { context.isSuspended ? "suspended" : "running" }

    /// Why the process cannot take an event that needs it running, or `nil` if it is running.
    private var runningProblem: String? {
        guard isRunning else { return isAlive ? "the process is suspended" : "the process is not running" }
        return nil
    }

    private func connectionProblem(_ slot: Int) -> String? {
        if !isAlive { return "the process is not running" }
        if !(1...options.maxScenes).contains(slot) { return "scene \(slot) is outside the device's slots 1…\(options.maxScenes)" }
        if hasScene(slot) { return "scene \(slot) is already connected" }
        return nil
    }

    private func sceneProblem(_ slot: Int, expected: String) -> String {
        guard let state = sceneState(slot) else { return "scene \(slot) is not connected" }
        return "scene \(slot) is not \(expected) (it is \(state))"
    }

    private func missingLink(_ index: Int) -> String {
        "the app has no deep link number \(index) (it has \(app.links.count))"
    }
}
