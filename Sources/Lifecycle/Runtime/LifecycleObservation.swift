/// A registration of an observer; ``cancel()`` removes it. Removal sends no teardown events.
/// Owned by whoever added the observer; lives on the main actor. Dropping the handle does not
/// remove the observer. Other Lifeline modules hand out the same handle for their observers
/// (DurableState's save-state observers).
///
/// An observer can end its own observation from inside any of its callbacks, even while it is
/// being caught up: a scene or application observer of two arguments is handed its observation
/// with each event.
///
/// ```swift
/// scene.addObserver { event, observation in
///     if event == .willConnect { observation.cancel() }
/// }
/// ```
@MainActor
public final class LifecycleObservation {
    private var remove: (@MainActor () -> Void)?

    /// Creates a handle whose ``cancel()`` runs `remove` once: for code that offers observers.
    public init(remove: @escaping @MainActor () -> Void) {
        self.remove = remove
    }

    /// Removes the observer. It receives nothing more, not even teardown events.
    public func cancel() {
        let action = remove
        remove = nil
        action?()
    }
}
