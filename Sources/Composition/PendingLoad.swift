import Lifecycle

/// One async set-up in flight: the resolution that started it runs the factory, later ones wait
/// here for its outcome. Waiting counts as parked for the ``WorkTracker`` (the simulator's
/// quiescence), since it ends only when the loading task moves on.
///
/// Owned by the scope that caches the value, until the set-up finishes. Lives on the main actor.
@MainActor
final class PendingLoad {
    private let key: AnyDependencyKey
    /// Resumed, all at once, when the outcome is known; they then read ``outcome`` on the main actor.
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var outcome: Result<AnyObject, CompositionError>?

    init(key: AnyDependencyKey) {
        self.key = key
    }

    /// Waits for the set-up's outcome.
    func wait() async -> Result<AnyObject, CompositionError> {
        if outcome == nil {
            await WorkTracker.parkCurrentTask {
                await withCheckedContinuation { continuation in
                    if outcome == nil { waiters.append(continuation) } else { continuation.resume() }
                }
            }
        }
        return outcome ?? .failure(.requiresAwait(ResolutionStep(key: key, lifetime: nil), path: []))
    }

    /// Records the outcome and wakes every waiter.
    func finish(_ result: Result<AnyObject, CompositionError>) {
        outcome = result
        let waiting = waiters
        waiters.removeAll()
        for waiter in waiting { waiter.resume() }
    }
}
