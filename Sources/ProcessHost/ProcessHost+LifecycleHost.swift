import Lifecycle

/// What the runtime asks of its host: background-task grants under ``BackgroundTaskPolicy``,
/// extra scenes (windows sharing the terminal, following its focus) and overrun reports.
extension ProcessHost {
    /// Schedules the grant of `request` per ``ProcessHostConfiguration/backgroundTasks``.
    public func submit(_ request: BackgroundTaskRequest) {
        let policy = configuration.backgroundTasks
        guard policy.grantsRequests else {
            logger.info("Background task '\(request.identifier, privacy: .public)' will not be granted (policy).")
            return
        }
        let identifier = request.identifier
        grantTimers[identifier]?.cancel()
        let begin = max(clock.now, request.earliestBegin ?? clock.now).advanced(by: policy.delay)
        grantTimers[identifier] = clock.schedule(at: begin) { [weak self] in
            self?.grant(identifier)
        }
    }

    /// Drops the scheduled grant of a cancelled request.
    public func cancelBackgroundTaskRequest(identifier: String) {
        grantTimers.removeValue(forKey: identifier)?.cancel()
        grantsDueAfterResume.removeAll { $0 == identifier }
    }

    /// Connects a new scene that shares the terminal and follows its focus.
    public func requestSceneActivation(_ options: ConnectionOptions) {
        guard machine.phase == .running else {
            logger.warning("A scene was requested while the app is not running; ignored.")
            return
        }
        connect(SceneSession(), options: options, target: machine.sceneTarget)
    }

    /// Disconnects the scene of `session`.
    public func requestSceneDestruction(_ session: SceneSessionID) {
        guard runtime.scenes[session] != nil else { return }
        send(.disconnectScene(session))
        sceneOrder.removeAll { $0 == session }
    }

    /// Reports work that outlived its background budget (iOS would kill the app; the process
    /// host logs it and carries on).
    public func backgroundTimeOverran(_ work: String) {
        logger.error("Background time ran out for \(work, privacy: .public).")
    }

    func grant(_ identifier: String) {
        grantTimers[identifier] = nil
        guard runtime.pendingBackgroundRequests[identifier] != nil else { return }
        switch machine.phase {
        case .running:
            logger.info("Granting background task '\(identifier, privacy: .public)'.")
            send(.runBackgroundTask(identifier: identifier))
        case .suspending, .suspended:
            grantsDueAfterResume.append(identifier)
        case .starting, .terminating:
            break
        }
    }
}
