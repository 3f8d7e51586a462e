/// The legality of host events: each check names the scene, the event and the state it refuses.
/// Validation changes nothing; only a validated event is applied.
extension LifecycleRuntime {
    /// Whether the host may suspend the process now: it is running, no scene is in the
    /// foreground, no extra-time lease is held, no background task runs and no silent push waits
    /// for its completion.
    public var canBeSuspended: Bool {
        processState == .running && suspensionBlocker() == nil
    }

    func validate(_ event: HostEvent) throws(LifecycleError) {
        switch event {
        case .launch:
            guard processState == .notRunning, launchOptions == nil, !wasKilled else {
                throw .illegalProcessTransition(event: event.name, state: processState)
            }
        case .connectScene(let session, _, _):
            try requireRunning(event)
            guard scenes[session.id] == nil else { throw .sceneAlreadyConnected(session.id) }
        case .moveScene(let id, let state):
            try requireRunning(event)
            let scene = try requireScene(id, event)
            guard state != .unattached, state != scene.state else {
                throw .illegalSceneTransition(scene: id, event: event.name, state: scene.state)
            }
        case .disconnectScene(let id):
            try requireRunning(event)
            _ = try requireScene(id, event)
        case .discardSessions(let ids):
            try requireRunning(event)
            if let connected = ids.first(where: { scenes[$0] != nil }), let scene = scenes[connected] {
                throw .illegalSceneTransition(scene: connected, event: event.name, state: scene.state)
            }
        case .openURLs(_, let id), .continueActivity(_, let id):
            try requireRunning(event)
            _ = try requireScene(id, event)
        case .memoryWarning, .terminate, .silentPush, .protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable:
            try requireRunning(event)
        case .suspend:
            try requireRunning(event)
            if let blocker = suspensionBlocker() { throw blocker }
        case .resume:
            guard processState == .suspended else {
                throw .illegalProcessTransition(event: event.name, state: processState)
            }
        case .runBackgroundTask(let identifier):
            try requireRunning(event)
            guard backgroundHandlers[identifier] != nil else { throw .unregisteredBackgroundTask(identifier) }
            guard runningBackgroundTasks[identifier] == nil else { throw .backgroundTaskAlreadyRunning(identifier) }
        case .expireBackgroundTask(let identifier):
            try requireRunning(event)
            guard runningBackgroundTasks[identifier] != nil else { throw .backgroundTaskNotRunning(identifier) }
        }
    }

    /// A `moveScene` handed in while `scene`'s events are being dispatched.
    func validateRetarget(_ scene: LifecycleScene, to state: SceneState, event: HostEvent) throws(LifecycleError) {
        try requireRunning(event)
        guard state != .unattached, !scene.isDisconnecting else {
            throw .illegalSceneTransition(scene: scene.id, event: event.name, state: scene.state)
        }
    }

    /// Why the process cannot be suspended now, as the error `suspend` would throw.
    func suspensionBlocker() -> LifecycleError? {
        if let scene = connectedScenes.first(where: { $0.state.isForeground }) {
            return .illegalSceneTransition(scene: scene.id, event: HostEvent.suspend.name, state: scene.state)
        }
        if let lease = activeLeases.first {
            return .illegalProcessTransition(event: "suspend (extra-time lease '\(lease.name)' held)", state: processState)
        }
        if let task = runningBackgroundTasks.keys.min() {
            return .illegalProcessTransition(event: "suspend (background task '\(task)' running)", state: processState)
        }
        if !pendingSilentPushes.isEmpty {
            return .illegalProcessTransition(event: "suspend (silent push completion pending)", state: processState)
        }
        return nil
    }

    private func requireRunning(_ event: HostEvent) throws(LifecycleError) {
        guard processState == .running else {
            throw .illegalProcessTransition(event: event.name, state: processState)
        }
    }

    private func requireScene(_ id: SceneSessionID, _ event: HostEvent) throws(LifecycleError) -> LifecycleScene {
        guard let scene = scenes[id] else { throw .unknownScene(id, event: event.name) }
        return scene
    }
}
