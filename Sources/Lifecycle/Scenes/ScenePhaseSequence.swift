import Synchronization

/// A scene's phase changes as an `AsyncSequence`, starting with its current phase and finishing
/// when the scene disconnects (or the iterating task is cancelled).
///
/// ```swift
/// for await phase in scene.phases where phase == .inactive { notes.flush() }
/// ```
///
/// Each iterator buffers every change it has not consumed yet. A task waiting for the next phase
/// is parked for the simulator. `Sendable`; iterate from any isolation.
public struct ScenePhaseSequence: AsyncSequence, Sendable {
    public typealias Element = ScenePhase
    public typealias Failure = Never

    let subscriber: PhaseSubscriber

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(subscriber: subscriber)
    }

    /// Iterates one ``ScenePhaseSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let subscriber: PhaseSubscriber

        public mutating func next() async -> ScenePhase? {
            await subscriber.next()
        }
    }
}

/// One iterator's buffer of phase changes. Lives on the main actor; its continuation is also
/// reachable from a cancellation handler on any thread, through `state`'s lock.
@MainActor
final class PhaseSubscriber: Sendable {
    struct State: ~Copyable {
        var buffer: [ScenePhase] = []
        var waiting: CheckedContinuation<ScenePhase?, Never>?
        /// The tracked task waiting in `waiting`, marked runnable when it is resumed.
        var waitingTask: WorkTracker.TaskID?
        var isFinished = false
    }

    nonisolated let state = Mutex(State())
    private let tracker: WorkTracker

    init(initial: ScenePhase?, finished: Bool, tracker: WorkTracker) {
        self.tracker = tracker
        state.withLock {
            if let initial { $0.buffer.append(initial) }
            $0.isFinished = finished
        }
    }

    func next() async -> ScenePhase? {
        let waiter = WorkTracker.currentTask?.id
        return await tracker.parked {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    state.withLock { state in
                        if !state.buffer.isEmpty {
                            continuation.resume(returning: state.buffer.removeFirst())
                        } else if state.isFinished || Task.isCancelled {
                            continuation.resume(returning: nil)
                        } else {
                            state.waiting = continuation
                            state.waitingTask = waiter
                        }
                    }
                }
            } onCancel: {
                self.deliver(nil, finishing: true)
            }
        }
    }

    /// Hands `phase` to the waiting iterator or buffers it; returns the tracked task it resumed.
    @discardableResult
    nonisolated func deliver(_ phase: ScenePhase?, finishing: Bool) -> WorkTracker.TaskID? {
        let resumed: (CheckedContinuation<ScenePhase?, Never>, ScenePhase?, WorkTracker.TaskID?)? = state.withLock { state in
            guard !state.isFinished else { return nil }
            if finishing { state.isFinished = true }
            if let waiting = state.waiting {
                state.waiting = nil
                defer { state.waitingTask = nil }
                return (waiting, phase, state.waitingTask)
            }
            if let phase { state.buffer.append(phase) }
            return nil
        }
        guard let (continuation, value, task) = resumed else { return nil }
        continuation.resume(returning: value)
        return task
    }

    /// Delivers on the main actor and counts the resumed task runnable for the tracker.
    func deliverTracked(_ phase: ScenePhase?, finishing: Bool) {
        if let task = deliver(phase, finishing: finishing) { tracker.markRunnable(task) }
    }
}

/// Fans a scene's phase changes out to its live iterators. Owned by the ``LifecycleScene``; lives
/// on the main actor.
@MainActor
final class PhaseBroadcaster {
    private var subscribers: [PhaseSubscriber] = []

    func makeSequence(current: ScenePhase?, finished: Bool, tracker: WorkTracker) -> ScenePhaseSequence {
        let subscriber = PhaseSubscriber(initial: current, finished: finished, tracker: tracker)
        if !finished { subscribers.append(subscriber) }
        return ScenePhaseSequence(subscriber: subscriber)
    }

    func publish(_ phase: ScenePhase?) {
        guard let phase else { return }
        for subscriber in subscribers { subscriber.deliverTracked(phase, finishing: false) }
    }

    func finish() {
        for subscriber in subscribers { subscriber.deliverTracked(nil, finishing: true) }
        subscribers.removeAll()
    }
}
