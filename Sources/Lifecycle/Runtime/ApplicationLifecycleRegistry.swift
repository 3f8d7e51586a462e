/// The ordered dispatch of ``ApplicationEvent``s to application observers, with the same rules as
/// ``SceneLifecycleRegistry``.
///
/// The application has two pieces of state an observer is caught up with: how far launch has
/// gone (`willFinishLaunching`, `didFinishLaunching`) and the aggregate phase. The other events
/// (discarded sessions, memory warnings, `willTerminate`) are moments: they reach the observers
/// present when they happen and are never replayed.
///
/// - Launch and upward phase events reach observers in addition order; downward phase events and
///   `willTerminate` in reverse.
/// - An observer added during dispatch is a straggler: the running pass skips it, and it is caught
///   up to the state already dispatched once the pass is over.
/// - Removal sends nothing.
///
/// Owned by the ``LifecycleRuntime``; lives on the main actor.
@MainActor
final class ApplicationLifecycleRegistry {
    final class Entry {
        /// Launch events this observer has heard: 0, 1 (`willFinishLaunching`) or 2.
        var launchStage = 0
        /// The last phase this observer was told about.
        var phase = ScenePhase.background
        /// Added during dispatch and not caught up yet: passes skip it.
        var isStraggler = false
        /// Set on removal so that an in-flight pass (which iterates a snapshot) skips it.
        var isRemoved = false
        /// Unique within the registry, never reused: what an observation handle removes.
        let id: Int
        let handler: @MainActor (ApplicationEvent) -> Void

        init(id: Int, handler: @escaping @MainActor (ApplicationEvent) -> Void) {
            self.id = id
            self.handler = handler
        }
    }

    /// Launch events dispatched so far (0, 1 or 2).
    private(set) var launchStage = 0
    /// The aggregate phase dispatched so far.
    private(set) var phase = ScenePhase.background
    /// Observers in addition order. Invariant outside dispatch: each is at (`launchStage`, `phase`).
    private var entries: [Entry] = []
    /// The id of the last entry added.
    private var nextEntryID = 0
    /// True while a pass or a catch-up runs: an observer added then is a straggler.
    private var isDispatching = false
    /// Set by ``close()`` when the process ends: nothing is dispatched any more.
    private(set) var isClosed = false

    /// Adds an observer and catches it up (at once, or after the running pass).
    func add(_ handler: @escaping @MainActor (ApplicationEvent) -> Void) -> LifecycleObservation {
        guard !isClosed else { return LifecycleObservation {} }
        nextEntryID &+= 1
        let entry = Entry(id: nextEntryID, handler: handler)
        entries.append(entry)
        if isDispatching {
            entry.isStraggler = true
        } else {
            withDispatch { catchUp(entry) }
        }
        // The handle refers to the entry by id and to the registry strongly. The registry does
        // not keep the handle; a cycle through an observer that keeps its own handle ends when
        // the handle is cancelled or the registry closes (process end).
        let id = entry.id
        return LifecycleObservation { [self] in remove(id) }
    }

    /// ``add(_:)`` for a handler that is handed its own observation with each event, so that it
    /// can end it from any callback, its own catch-up included: the handle exists before the
    /// catch-up runs. The handler keeps the handle, and the handle the registry, until it is
    /// cancelled or the registry closes.
    func add(_ handler: @escaping @MainActor (ApplicationEvent, LifecycleObservation) -> Void) -> LifecycleObservation {
        guard !isClosed else { return LifecycleObservation {} }
        let id = nextEntryID &+ 1  // the id `add` gives the new entry
        let observation = LifecycleObservation { [self] in remove(id) }
        _ = add { event in handler(event, observation) }  // its handle, dropped, would remove the same entry
        return observation
    }

    /// Dispatches the next launch event (`willFinishLaunching`, then `didFinishLaunching`).
    func dispatchLaunchEvent() {
        guard !isClosed, launchStage < 2 else { return }
        launchStage += 1
        let event = Self.launchEvent(launchStage)
        let stage = launchStage
        withDispatch {
            for entry in entries where !entry.isStraggler && !entry.isRemoved && entry.launchStage == stage - 1 {
                entry.launchStage = stage
                entry.handler(event)
                if isClosed { return }
            }
        }
    }

    /// Dispatches the phase events that move the aggregate phase to `target`, one step at a time.
    func dispatchPhase(to target: ScenePhase) {
        while !isClosed, let event = ApplicationEvent.phaseEvent(from: phase, toward: target),
              let (source, destination) = event.phaseStep {
            phase = destination
            guard !entries.isEmpty else { continue }
            withDispatch {
                pass(downward: event.isDownward) { entry in
                    guard entry.phase == source else { return }
                    entry.phase = destination
                    entry.handler(event)
                }
            }
        }
    }

    /// Dispatches a moment (discarded sessions, memory warning, `willTerminate`) to the observers
    /// present, caught up first.
    func dispatchMoment(_ event: ApplicationEvent) {
        guard !isClosed else { return }
        withDispatch {
            pass(downward: event.isDownward) { entry in entry.handler(event) }
        }
    }

    /// Removes the observer `id`; a pass in flight skips it (`Entry.isRemoved`).
    private func remove(_ id: Int) {
        for index in entries.indices where entries[index].id == id {
            entries[index].isRemoved = true
            entries.remove(at: index)
            return
        }
    }

    /// Stops dispatching for good and drops every observer.
    func close() {
        isClosed = true
        for entry in entries { entry.isRemoved = true }
        entries.removeAll()
    }

    private func pass(downward: Bool, _ body: (Entry) -> Void) {
        let snapshot = entries
        if downward {
            for entry in snapshot.reversed() where !entry.isStraggler && !entry.isRemoved {
                body(entry)
                if isClosed { return }
            }
        } else {
            for entry in snapshot where !entry.isStraggler && !entry.isRemoved {
                body(entry)
                if isClosed { return }
            }
        }
    }

    /// Runs `body` as dispatch, then catches up the observers added meanwhile. Nested calls run
    /// `body` only; the outermost one catches up.
    private func withDispatch(_ body: () -> Void) {
        if isDispatching {
            body()
            return
        }
        isDispatching = true
        defer { isDispatching = false }
        body()
        while !isClosed, let straggler = firstStraggler() {
            straggler.isStraggler = false
            catchUp(straggler)
        }
    }

    /// The first observer still waiting to be caught up.
    private func firstStraggler() -> Entry? {
        for entry in entries where entry.isStraggler && !entry.isRemoved { return entry }
        return nil
    }

    private func catchUp(_ entry: Entry) {
        while entry.launchStage < launchStage, !entry.isRemoved, !isClosed {
            entry.launchStage += 1
            entry.handler(Self.launchEvent(entry.launchStage))
        }
        while !entry.isRemoved, !isClosed, let event = ApplicationEvent.phaseEvent(from: entry.phase, toward: phase),
              let (_, destination) = event.phaseStep {
            entry.phase = destination
            entry.handler(event)
        }
    }

    private static func launchEvent(_ stage: Int) -> ApplicationEvent {
        stage <= 1 ? .willFinishLaunching : .didFinishLaunching
    }
}

extension ApplicationEvent {
    /// The aggregate phases an application phase event leaves and reaches.
    var phaseStep: (source: ScenePhase, destination: ScenePhase)? {
        switch self {
        case .willEnterForeground: (.background, .inactive)
        case .didBecomeActive: (.inactive, .active)
        case .willResignActive: (.active, .inactive)
        case .didEnterBackground: (.inactive, .background)
        default: nil
        }
    }

    /// Whether observers hear the event in reverse order of addition.
    var isDownward: Bool {
        switch self {
        case .willResignActive, .didEnterBackground, .willTerminate, .protectedDataWillBecomeUnavailable: true
        default: false
        }
    }
}
