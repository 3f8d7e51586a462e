/// Background work: task handlers registered by identifier, requests submitted to the host,
/// expiration before the budget ends, extra-time leases and silent pushes.
extension LifecycleRuntime {
    /// Registers the handler for background tasks submitted under `identifier`.
    ///
    /// - Throws: ``LifecycleError/duplicateBackgroundTaskRegistration(_:)`` for a second handler,
    ///   ``LifecycleError/registrationAfterLaunch(_:)`` once `didFinishLaunching` has returned
    ///   (as `BGTaskScheduler` requires). Nothing is registered then.
    public func registerBackgroundTask(
        _ identifier: String,
        handler: @escaping @MainActor (BackgroundTask) -> Void
    ) throws(LifecycleError) {
        guard backgroundHandlers[identifier] == nil else { throw .duplicateBackgroundTaskRegistration(identifier) }
        if launchOptions != nil, !isHandlingLaunch {
            throw .registrationAfterLaunch(identifier)
        }
        backgroundHandlers[identifier] = handler
    }

    /// Submits a request; the host grants it at its discretion, not before `earliestBegin`.
    ///
    /// - Throws: ``LifecycleError/unregisteredBackgroundTask(_:)`` if no handler is registered;
    ///   nothing is submitted then.
    public func submit(_ request: BackgroundTaskRequest) throws(LifecycleError) {
        guard backgroundHandlers[request.identifier] != nil else { throw .unregisteredBackgroundTask(request.identifier) }
        pendingRequests[request.identifier] = request
        host?.submit(request)
    }

    /// Cancels a pending request.
    public func cancelBackgroundTaskRequest(identifier: String) {
        pendingRequests[identifier] = nil
        host?.cancelBackgroundTaskRequest(identifier: identifier)
    }

    /// Requests that are submitted and not yet granted, by identifier.
    public var pendingBackgroundRequests: [String: BackgroundTaskRequest] { pendingRequests }

    /// Background tasks currently running, by identifier.
    public var runningTasks: [String: BackgroundTask] { runningBackgroundTasks }

    /// Extra-time leases not yet ended, in the order they were taken.
    public var extraTimeLeases: [ExtraTimeLease] { activeLeases }

    /// Takes an extra-time lease whose budget starts now. `expiration` runs the grace period
    /// (``BackgroundBudgets/gracePeriod``) before the budget ends; a lease not ended by the
    /// deadline is reported to the host (iOS's watchdog kills the process), then ended.
    public func beginExtraTime(_ name: String, expiration: (@MainActor () -> Void)? = nil) -> ExtraTimeLease {
        let deadline = clock.now.advanced(by: budgets.extraTime)
        let lease = ExtraTimeLease(name: name, deadline: deadline) { [weak self] lease in
            guard let self else { return }
            self.activeLeases.removeAll { $0 === lease }
            self.host?.extraTimeEnded(lease)
            self.reportIfBackgroundTimeEnded(after: BackgroundWork.lease(lease.name).description)
        }
        activeLeases.append(lease)
        host?.extraTimeBegan(lease)
        let warning = clock.schedule(at: deadline.advanced(by: .zero - budgets.gracePeriod)) { [weak self, weak lease] in
            guard let self, let lease, !lease.isEnded, self.isAlive else { return }
            expiration?()
        }
        let overrun = clock.schedule(at: deadline) { [weak self, weak lease] in
            guard let self, let lease, !lease.isEnded, self.isAlive else { return }
            self.logger.error("Extra-time lease '\(lease.name, privacy: .public)' was not ended before its deadline.")
            self.host?.backgroundTimeOverran(BackgroundWork.lease(lease.name).description)
            lease.end()
        }
        if lease.isEnded {
            warning.cancel()
            overrun.cancel()
        } else {
            lease.timers = [warning, overrun]
        }
        return lease
    }

    /// Sets the handler for silent pushes; it must call the completion within the budget, or the
    /// host is told of the overrun.
    public func setSilentPushHandler(
        _ handler: @escaping @MainActor ([String: String], _ completion: @escaping @MainActor () -> Void) -> Void
    ) {
        silentPushHandler = handler
    }

    func startBackgroundTask(_ identifier: String) {
        guard let handler = backgroundHandlers[identifier] else { return }
        let kind = pendingRequests.removeValue(forKey: identifier)?.kind ?? .appRefresh
        let deadline = clock.now.advanced(by: budgets.budget(for: kind))
        let scope = applicationScope.child(named: "background task \(identifier)")
        let task = BackgroundTask(identifier: identifier, kind: kind, deadline: deadline, scope: scope) { [weak self] task in
            guard let self, self.runningBackgroundTasks[task.identifier] === task else { return }
            self.runningBackgroundTasks[task.identifier] = nil
            self.reportIfBackgroundTimeEnded(after: BackgroundWork.task(task.identifier).description, scope: task.scope)
        }
        runningBackgroundTasks[identifier] = task
        task.warningTimer = clock.schedule(at: deadline.advanced(by: .zero - budgets.gracePeriod)) { [weak self, weak task] in
            guard let self, let task else { return }
            self.expire(task)
        }
        task.deadlineTimer = clock.schedule(at: deadline) { [weak self, weak task] in
            guard let self, let task else { return }
            self.overrun(task)
        }
        handler(task)
    }

    /// Calls the task's expiration handler; from then on it has at most the grace period to
    /// complete before the overrun is reported.
    func expire(_ task: BackgroundTask) {
        guard isAlive, task.completion == nil, !task.didExpire else { return }
        let cutoff = clock.now.advanced(by: budgets.gracePeriod)
        if cutoff < task.deadline {
            task.deadlineTimer?.cancel()
            task.deadlineTimer = clock.schedule(at: cutoff) { [weak self, weak task] in
                guard let self, let task else { return }
                self.overrun(task)
            }
        }
        task.warningTimer?.cancel()
        task.warningTimer = nil
        task.expire()
    }

    /// Processing tasks end when the user returns (the app leaves the background).
    func expireProcessingTasks() {
        let processing = runningBackgroundTasks.values.filter {
            if case .processing = $0.kind { return true }
            return false
        }
        for task in processing.sorted(by: { $0.identifier < $1.identifier }) { expire(task) }
    }

    /// The deadline passed with the task not completed: the host is told first (iOS's watchdog
    /// kills the process), then the task is completed unsuccessfully and its scope ends.
    private func overrun(_ task: BackgroundTask) {
        guard isAlive, task.completion == nil else { return }
        logger.error("Background task '\(task.identifier, privacy: .public)' did not complete before its deadline.")
        host?.backgroundTimeOverran(BackgroundWork.task(task.identifier).description)
        task.setTaskCompleted(success: false)
    }

    func deliverSilentPush(_ payload: [String: String]) {
        guard let handler = silentPushHandler else {
            logger.warning("A silent push arrived with no handler set.")
            return
        }
        silentPushCount &+= 1
        let number = silentPushCount
        pendingSilentPushes[number] = clock.schedule(at: clock.now.advanced(by: budgets.silentPush)) { [weak self] in
            guard let self, self.pendingSilentPushes.removeValue(forKey: number) != nil, self.isAlive else { return }
            self.logger.error("A silent push handler did not call its completion before the deadline.")
            self.host?.backgroundTimeOverran(BackgroundWork.silentPush.description)
            self.reportIfBackgroundTimeEnded(after: BackgroundWork.silentPush.description)
        }
        handler(payload) { [weak self] in
            guard let self, let deadline = self.pendingSilentPushes.removeValue(forKey: number) else { return }
            deadline.cancel()
            self.reportIfBackgroundTimeEnded(after: BackgroundWork.silentPush.description)
        }
    }
}
