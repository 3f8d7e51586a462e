import Synchronization

/// A scene's phase changes as an `AsyncSequence`, starting with its current phase and finishing
/// when the scene disconnects (or the iterating task is cancelled).
///
/// ```swift
/// for await phase in scene.phases where phase == .inactive { notes.flush() }
/// ```
///
/// Each sequence buffers every change it has not handed out yet (consecutive equal phases are
/// delivered once). Take a new sequence from ``LifecycleScene/phases`` for each loop: iterators
/// of one sequence share its buffer. A task waiting for the next phase is parked for the
/// simulator. `Sendable`; iterate from any isolation. A sequence that is no longer referenced
/// stops buffering.
public struct ScenePhaseSequence: AsyncSequence, Sendable {
    /// A scene phase.
    public typealias Element = ScenePhase
    /// Iteration never fails.
    public typealias Failure = Never

    let subscriber: PhaseSubscriber

    /// An iterator over the buffered and future phases.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(subscriber: subscriber)
    }

    /// Iterates one ``ScenePhaseSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let subscriber: PhaseSubscriber

        /// The next phase, or `nil` once the scene disconnected or the task was cancelled.
        public mutating func next() async -> ScenePhase? {
            await subscriber.next()
        }
    }
}

/// One sequence's buffer of phase changes. Lives on the main actor; its waiters are also
/// reachable from a cancellation handler on any thread, through `state`'s lock.
@MainActor
final class PhaseSubscriber: Sendable {
    struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<ScenePhase?, Never>
        /// The tracked task that waits, unparked when it is resumed.
        let task: TrackedTask?
    }

    struct State: ~Copyable {
        var buffer: [ScenePhase] = []
        /// Tasks waiting in `next()`, served first come first served.
        var waiters: [Waiter] = []
        /// The last phase buffered or handed out, to drop consecutive duplicates.
        var last: ScenePhase?
        var isFinished = false
        var nextWaiterID = 0
    }

    nonisolated let state = Mutex(State())
    private let tracker: WorkTracker

    /// A buffer that starts with `initial` (when `reportsInitial`; otherwise it hands out only
    /// the phases that differ from it).
    init(initial: ScenePhase?, reportsInitial: Bool, finished: Bool, tracker: WorkTracker) {
        self.tracker = tracker
        state.withLock {
            if let initial, reportsInitial { $0.buffer.append(initial) }
            $0.last = initial
            $0.isFinished = finished
        }
    }

    func next() async -> ScenePhase? {
        let id = state.withLock { state in
            state.nextWaiterID &+= 1
            return state.nextWaiterID
        }
        let task = WorkTracker.currentTask
        return await tracker.parked(onCancel: { self.cancelWaiter(id) }) {
            await withCheckedContinuation { continuation in
                let ready: ScenePhase?? = state.withLock { state in
                    if !state.buffer.isEmpty { return .some(state.buffer.removeFirst()) }
                    if state.isFinished || Task.isCancelled { return .some(nil) }
                    state.waiters.append(Waiter(id: id, continuation: continuation, task: task))
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }

    /// Buffers `phase` or hands it to the oldest waiter; ignores a repeat of the last phase.
    func deliver(_ phase: ScenePhase) {
        let resumed: Waiter? = state.withLock { state in
            guard !state.isFinished, state.last != phase else { return nil }
            state.last = phase
            if !state.waiters.isEmpty { return state.waiters.removeFirst() }
            state.buffer.append(phase)
            return nil
        }
        guard let resumed else { return }
        resumed.continuation.resume(returning: phase)
        if let task = resumed.task { task.tracker.unpark(task) }
    }

    /// Ends the sequence: waiters get `nil`; buffered phases are still handed out first.
    func finish() {
        let waiters: [Waiter] = state.withLock { state in
            state.isFinished = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters {
            waiter.continuation.resume(returning: nil)
            if let task = waiter.task { task.tracker.unpark(task) }
        }
    }

    /// A cancelled waiter gets `nil` and the sequence finishes, as `AsyncStream` does.
    private nonisolated func cancelWaiter(_ id: Int) {
        let waiter: Waiter? = state.withLock { state in
            state.isFinished = true
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index)
        }
        waiter?.continuation.resume(returning: nil)
    }
}

/// Fans a scene's (or the application's) phase changes out to its live sequences, which it holds
/// weakly. Owned by the ``LifecycleScene`` or the ``LifecycleRuntime``; lives on the main actor.
@MainActor
final class PhaseBroadcaster {
    private struct WeakSubscriber {
        weak var value: PhaseSubscriber?
    }

    private var subscribers: [WeakSubscriber] = []

    func makeSequence(current: ScenePhase?, reportsCurrent: Bool = true, finished: Bool, tracker: WorkTracker) -> ScenePhaseSequence {
        let subscriber = PhaseSubscriber(initial: current, reportsInitial: reportsCurrent, finished: finished, tracker: tracker)
        if !finished {
            subscribers.removeAll { $0.value == nil }
            subscribers.append(WeakSubscriber(value: subscriber))
        }
        return ScenePhaseSequence(subscriber: subscriber)
    }

    var isEmpty: Bool { subscribers.isEmpty }

    func publish(_ phase: ScenePhase?) {
        guard let phase, !subscribers.isEmpty else { return }
        for subscriber in subscribers { subscriber.value?.deliver(phase) }
    }

    func finish() {
        for subscriber in subscribers { subscriber.value?.finish() }
        subscribers.removeAll()
    }
}
