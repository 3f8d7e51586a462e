extension LifecycleScene {
    /// Adds an observer of this scene's events that is handed its own observation with each one, so
    /// that it can end it from inside any callback, its catch-up included.
    ///
    /// ```swift
    /// scene.addObserver { event, observation in
    ///     guard event == .willConnect else { return }
    ///     registerShortcuts(for: scene)
    ///     observation.cancel()  // hears nothing more, not even the rest of its catch-up
    /// }
    /// ```
    ///
    /// Otherwise the same as the observer of one argument: caught up at once (or, during dispatch,
    /// once the current pass is over), upward events in addition order and downward ones in
    /// reverse. The handler is handed the very observation this method returns and holds it until
    /// the observation is cancelled or the scene disconnects. Adding an observer to a disconnected
    /// scene does nothing.
    @discardableResult
    public func addObserver(
        _ handler: @escaping @MainActor (SceneEvent, LifecycleObservation) -> Void
    ) -> LifecycleObservation {
        if let runtime {
            return runtime.exclusively { registry.add(handler) }
        }
        return registry.add(handler)
    }
}
