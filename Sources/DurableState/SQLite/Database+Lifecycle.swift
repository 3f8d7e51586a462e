import Lifecycle

extension Database {
    /// Suspends the database when the application goes to the background (and before it
    /// terminates), and resumes it when it comes back to the foreground.
    ///
    /// ```swift
    /// let observation = database.suspendWhileInBackground(of: runtime, logger: logger)
    /// ```
    ///
    /// Register it **before** the observers that save on `didEnterBackground`: downward events
    /// reach observers in reverse order of registration, so the database suspends after they
    /// wrote. A late registration is caught up: in the foreground it resumes (a no-op). The
    /// observer holds the database weakly; cancel the returned observation to stop. The
    /// database must belong to the main actor (checked now: the process stops otherwise).
    @MainActor
    public func suspendWhileInBackground(of runtime: LifecycleRuntime, logger: LifelineLogger = .disabled) -> LifecycleObservation {
        connection.preconditionOwned("suspendWhileInBackground(of:)", isolation: MainActor.shared)
        let logger = logger.category("sqlite")
        return runtime.addApplicationObserver { [weak self] event in
            guard let self else { return }
            switch event {
            case .didEnterBackground, .willTerminate:
                switch self.suspend() {
                case .rolledBackOpenTransaction:
                    logger.warning("Suspended the database on \(event.description, privacy: .public): an open transaction was rolled back")
                case .closedToReleaseLocks:
                    logger.error("Closed the database on \(event.description, privacy: .public): it still held a lock after the rollback")
                case .suspended, .unchanged:
                    break
                }
            case .willEnterForeground:
                self.resume()
            default:
                break
            }
        }
    }
}
