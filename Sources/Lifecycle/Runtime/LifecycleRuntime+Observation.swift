extension LifecycleRuntime {
    /// Adds an observer of application events that is handed its own observation with each one,
    /// so that it can end it from inside any callback, its catch-up included.
    ///
    /// ```swift
    /// runtime.addApplicationObserver { event, observation in
    ///     guard event == .didFinishLaunching else { return }
    ///     analytics.recordLaunch()
    ///     observation.cancel()  // hears nothing more, not even the rest of its catch-up
    /// }
    /// ```
    ///
    /// Otherwise the same as the observer of one argument: caught up with launch and the current
    /// phase (at once, or after the running pass), never with moments. The handler is handed the
    /// very observation this method returns and holds it until the observation is cancelled or
    /// the process ends.
    @discardableResult
    public func addApplicationObserver(
        _ handler: @escaping @MainActor (ApplicationEvent, LifecycleObservation) -> Void
    ) -> LifecycleObservation {
        exclusively { applicationRegistry.add(handler) }
    }
}
