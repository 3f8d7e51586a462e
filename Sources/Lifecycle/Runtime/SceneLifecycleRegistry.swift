/// The state machine of one scene and the ordered dispatch of its events to observers.
///
/// Rules (from androidx `LifecycleRegistry`):
/// - An observer added late is caught up: it receives the events that lead to the current state.
/// - Upward events go to observers in the order they were added; downward events in reverse.
/// - A jump between non-adjacent states is delivered as the sequence of intermediate events, and
///   every observer present hears every event of that sequence.
/// - A change requested during dispatch (``retarget(to:)``) only updates the target; the running
///   pass finishes the current event, then dispatch converges on the latest target.
/// - An observer added during dispatch is caught up once the current pass is over, only to the
///   state already dispatched, never ahead of it; removal sends no teardown events.
///
/// Owned by its ``LifecycleScene``; lives on the main actor. Only the runtime moves it, from
/// inside ``LifecycleRuntime/handle(_:)``.
@MainActor
final class SceneLifecycleRegistry {
    final class Entry {
        /// The last state this observer was told about; a pass moves it one event at a time.
        var state: SceneState = .unattached
        /// Set on removal so that an in-flight pass (which iterates a snapshot) skips it.
        var isRemoved = false
        /// Unique within the registry, never reused: what an observation handle removes.
        let id: Int
        let handler: @MainActor (SceneEvent) -> Void

        init(id: Int, handler: @escaping @MainActor (SceneEvent) -> Void) {
            self.id = id
            self.handler = handler
        }
    }

    /// The state whose event has been (or is being) dispatched.
    private(set) var state: SceneState = .unattached
    /// The latest requested state; differs from `state` only inside `converge(didDispatch:)`.
    private(set) var target: SceneState = .unattached
    /// Observers in addition order. Invariant outside dispatch: every entry is at `state`.
    private var entries: [Entry] = []
    /// The id of the last entry added.
    private var nextEntryID = 0
    /// True while a pass or a catch-up is delivering events: an observer added then is a straggler.
    private(set) var isDispatching = false
    /// True inside `converge(didDispatch:)`: a reentrant move request retargets instead of being queued.
    private(set) var isConverging = false
    /// Set when an observer was added during dispatch and has not been caught up yet.
    private var hasStragglers = false
    /// Set by ``close()``: nothing is dispatched any more and no observer is kept.
    private(set) var isClosed = false
    /// The runtime's count of foreground scenes, told of every change of ``state``; set by the
    /// runtime when it connects the scene, before its first move.
    var tally: ForegroundTally?

    init() {
        // A scene has its delegate's entry and usually one or two observers: room for them up
        // front saves the array growing twice in every connection.
        entries.reserveCapacity(4)
    }

    /// Adds an observer. Outside dispatch it is caught up at once; during dispatch it is caught up
    /// as soon as the current pass is over.
    func add(_ handler: @escaping @MainActor (SceneEvent) -> Void) -> LifecycleObservation {
        guard !isClosed else { return LifecycleObservation {} }
        let id = insert(handler)
        // The handle refers to the entry by id and to the registry strongly. The registry does
        // not keep the handle; a cycle through an observer that keeps its own handle ends when
        // the handle is cancelled or the registry closes (disconnect, process end).
        return LifecycleObservation { [self] in remove(id) }
    }

    /// ``add(_:)`` for a handler that is handed its own observation with each event, so that it
    /// can end it from any callback, its own catch-up included: the handle exists before the
    /// catch-up runs. The handler keeps the handle, and the handle the registry, until it is
    /// cancelled or the registry closes.
    func add(_ handler: @escaping @MainActor (SceneEvent, LifecycleObservation) -> Void) -> LifecycleObservation {
        guard !isClosed else { return LifecycleObservation {} }
        let id = nextEntryID &+ 1  // the id `insert` gives the new entry
        let observation = LifecycleObservation { [self] in remove(id) }
        insert { event in handler(event, observation) }
        return observation
    }

    /// ``add(_:)`` for an observer that is never removed (the scene's delegate): no handle is made.
    /// Returns the new entry's id.
    @discardableResult
    func insert(_ handler: @escaping @MainActor (SceneEvent) -> Void) -> Int {
        guard !isClosed else { return nextEntryID }
        nextEntryID &+= 1
        let entry = Entry(id: nextEntryID, handler: handler)
        entries.append(entry)
        if isDispatching {
            hasStragglers = true
        } else {
            isDispatching = true
            catchUp(entry)
            catchUpStragglers()
            isDispatching = false
        }
        return entry.id
    }

    /// Moves to `newTarget`, delivering every intermediate event; `didDispatch` runs after each
    /// event has reached every observer (and stragglers were caught up). A move requested while
    /// this one converges only retargets it.
    func move(to newTarget: SceneState, didDispatch: (SceneEvent) -> Void) {
        target = newTarget
        converge(didDispatch: didDispatch)
    }

    /// During dispatch: makes `newTarget` the state the running dispatch converges on.
    func retarget(to newTarget: SceneState) {
        target = newTarget
    }

    /// Removes the observer `id`; a pass in flight skips it (`Entry.isRemoved`).
    private func remove(_ id: Int) {
        for index in entries.indices where entries[index].id == id {
            entries[index].isRemoved = true
            entries.remove(at: index)
            return
        }
    }

    /// Stops dispatching for good and drops every observer (breaking retain cycles through their
    /// closures). Used after `didDisconnect` and when the process is killed.
    func close() {
        isClosed = true
        for entry in entries { entry.isRemoved = true }
        entries.removeAll()
    }

    private func converge(didDispatch: (SceneEvent) -> Void) {
        guard !isConverging, !isClosed else { return }
        isConverging = true
        isDispatching = true
        defer {
            isConverging = false
            isDispatching = false
        }
        while !isClosed, let event = SceneEvent.step(from: state, toward: target) {
            state = event.destination
            tally?.move(from: event.source, to: event.destination)
            deliver(event)
            catchUpStragglers()
            // A registry closed meanwhile (the process was killed) reports nothing more.
            guard !isClosed else { break }
            didDispatch(event)
        }
        catchUpStragglers()
    }

    /// One pass: every observer that is at the event's source hears it, up in addition order,
    /// down in reverse. Iterates a snapshot; observers added meanwhile are stragglers.
    private func deliver(_ event: SceneEvent) {
        let pass = entries
        let source = event.source
        let destination = event.destination
        let count = pass.count
        let upward = event.isUpward
        // Each observer is reached through `pass[index]`, which holds it for the whole pass.
        for step in 0..<count {
            let index = upward ? step : count &- 1 &- step
            guard pass[index].state == source, !pass[index].isRemoved else { continue }
            pass[index].state = destination
            pass[index].handler(event)
            if isClosed { break }
        }
    }

    private func catchUpStragglers() {
        while hasStragglers, !isClosed {
            hasStragglers = false
            for entry in entries where entry.state != state && !entry.isRemoved { catchUp(entry) }
        }
    }

    private func catchUp(_ entry: Entry) {
        while !entry.isRemoved, !isClosed, let event = SceneEvent.step(from: entry.state, toward: state) {
            entry.state = event.destination
            entry.handler(event)
        }
    }
}
