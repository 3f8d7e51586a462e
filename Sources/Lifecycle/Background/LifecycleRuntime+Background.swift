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
    /// - Throws: ``LifecycleError/unregisteredBackgroundTask(_:)`` if no handler is registered.
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

    /// Extra-time leases not yet ended.
    public var extraTimeLeases: [ExtraTimeLease] {
        activeLeases.values.sorted { $0.deadline < $1.deadline }
    }

    /// Takes an extra-time lease. `expiration` runs shortly before the budget ends; a lease not
    /// ended by the deadline is reported to the host.
    public func beginExtraTime(_ name: String, expiration: (@MainActor () -> Void)? = nil) -> ExtraTimeLease {
        let deadline = clock.now.advanced(by: budgets.extraTime)
        let lease = ExtraTimeLease(name: name, deadline: deadline) { [weak self] lease in
            self?.activeLeases[ObjectIdentifier(lease)] = nil
            self?.host?.extraTimeEnded(lease)
        }
        activeLeases[ObjectIdentifier(lease)] = lease
        host?.extraTimeBegan(lease)
        clock.schedule(at: deadline.advanced(by: .zero - budgets.expirationWarning)) { [weak self, weak lease] in
            guard let self, let lease, !lease.isEnded, self.isAlive else { return }
            expiration?()
        }
        clock.schedule(at: deadline) { [weak self, weak lease] in
            guard let self, let lease, !lease.isEnded, self.isAlive else { return }
            self.logger.error("Extra-time lease '\(lease.name, privacy: .public)' was not ended before its deadline.")
            lease.end()
            self.host?.backgroundTimeOverran("lease \(lease.name)")
        }
        return lease
    }

    /// Sets the handler for silent pushes; it must call the completion within the budget.
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
            guard self?.runningBackgroundTasks[task.identifier] === task else { return }
            self?.runningBackgroundTasks[task.identifier] = nil
        }
        runningBackgroundTasks[identifier] = task
        clock.schedule(at: deadline.advanced(by: .zero - budgets.expirationWarning)) { [weak task] in
            task?.expire()
        }
        clock.schedule(at: deadline) { [weak self, weak task] in
            guard let self, let task, task.completion == nil, self.isAlive else { return }
            self.logger.error("Background task '\(identifier, privacy: .public)' did not complete before its deadline.")
            task.setTaskCompleted(success: false)
            self.host?.backgroundTimeOverran("background task \(identifier)")
        }
        handler(task)
    }

    func deliverSilentPush(_ payload: [String: String]) {
        guard let handler = silentPushHandler else {
            logger.warning("A silent push arrived with no handler set.")
            return
        }
        var completed = false
        let deadline = clock.now.advanced(by: budgets.silentPush)
        clock.schedule(at: deadline) { [weak self] in
            guard let self, !completed, self.isAlive else { return }
            self.logger.error("A silent push handler did not call its completion before the deadline.")
            self.host?.backgroundTimeOverran("silent push")
        }
        handler(payload) { completed = true }
    }
}
