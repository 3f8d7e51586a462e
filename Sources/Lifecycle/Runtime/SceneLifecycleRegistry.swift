/// The state machine of one scene and the ordered dispatch of its events to observers.
///
/// Rules (from androidx `LifecycleRegistry`):
/// - An observer added late is caught up: it receives the events that lead to the current state.
/// - Upward events go to observers in the order they were added; downward events in reverse.
/// - A jump between non-adjacent states is delivered as the sequence of intermediate events.
/// - A change requested during dispatch is queued; dispatch converges on the latest target.
/// - An observer added during dispatch is caught up only to the state already dispatched, never
///   ahead of it; removal sends no teardown events.
///
/// Owned by its ``LifecycleScene``; lives on the main actor.
@MainActor
final class SceneLifecycleRegistry {
    final class Entry {
        let id: Int
        /// The last state this observer was told about; dispatch moves it one event at a time.
        var state: SceneState = .unattached
        /// Set on removal so an in-flight pass skips it.
        var isRemoved = false
        let handler: @MainActor (SceneEvent) -> Void

        init(id: Int, handler: @escaping @MainActor (SceneEvent) -> Void) {
            self.id = id
            self.handler = handler
        }
    }

    /// The state whose event has been (or is being) dispatched.
    private(set) var state: SceneState = .unattached
    /// The latest requested state; differs from `state` only while dispatching.
    private var target: SceneState = .unattached
    /// Observers in addition order.
    private var entries: [Entry] = []
    /// Guards re-entrant calls from observers: they only update `target`.
    private var isDispatching = false
    private var nextID = 0
    /// Called after each event has reached every observer.
    var didDispatch: (@MainActor (SceneEvent) -> Void)?

    /// Adds an observer and, unless called during dispatch, catches it up at once.
    func add(_ handler: @escaping @MainActor (SceneEvent) -> Void) -> LifecycleObservation {
        nextID += 1
        let entry = Entry(id: nextID, handler: handler)
        entries.append(entry)
        if !isDispatching {
            isDispatching = true
            catchUp(entry)
            isDispatching = false
            converge()
        }
        return LifecycleObservation { [weak self, weak entry] in
            guard let entry else { return }
            entry.isRemoved = true
            self?.entries.removeAll { $0 === entry }
        }
    }

    /// Requests `newTarget`; during dispatch the request is queued and the outer pass converges on it.
    func move(to newTarget: SceneState) {
        target = newTarget
        converge()
    }

    private func converge() {
        guard !isDispatching else { return }
        isDispatching = true
        defer { isDispatching = false }
        while true {
            if let event = SceneEvent.step(from: state, toward: target) {
                state = event.destination
                let pass = event.isUpward ? entries : entries.reversed()
                for entry in pass where !entry.isRemoved && entry.state == event.source {
                    entry.state = event.destination
                    entry.handler(event)
                }
                for entry in entries where !entry.isRemoved && entry.state != state { catchUp(entry) }
                didDispatch?(event)
            } else if let straggler = entries.first(where: { !$0.isRemoved && $0.state != state }) {
                catchUp(straggler)
            } else {
                return
            }
        }
    }

    private func catchUp(_ entry: Entry) {
        while !entry.isRemoved, let event = SceneEvent.step(from: entry.state, toward: state) {
            entry.state = event.destination
            entry.handler(event)
        }
    }
}
