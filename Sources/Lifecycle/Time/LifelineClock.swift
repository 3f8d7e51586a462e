import Foundation

/// The only source of time for Lifeline and the apps built on it.
///
/// Every deadline, debounce, budget and sleep goes through a clock injected at the composition
/// root: ``SystemClock`` in a real process, a virtual clock in the simulator, which jumps to the
/// next deadline so idle hours cost nothing. Clocks live on the main actor, like the rest of the
/// runtime; the host that creates one owns it for the life of the process.
@MainActor
public protocol LifelineClock: AnyObject {
    /// The current instant on the monotonic timeline.
    var now: LifelineInstant { get }

    /// The current wall-clock date (virtual in the simulator), for timestamps that are stored.
    var date: Date { get }

    /// Runs `action` on the main actor at `deadline` (or as soon as possible if it has passed).
    ///
    /// The returned handle cancels the action; an action that was cancelled never runs.
    /// Actions due at the same instant run in the order they were scheduled.
    @discardableResult
    func schedule(at deadline: LifelineInstant, _ action: @escaping @MainActor () -> Void) -> ScheduledAction

    /// Suspends the calling task until `deadline`.
    ///
    /// - Throws: `CancellationError` if the task is cancelled first; the clock keeps no trace of it.
    func sleep(until deadline: LifelineInstant) async throws

    /// Suspends the calling task for `duration`: until ``now`` plus `duration`.
    ///
    /// A requirement with a default (``sleep(until:)`` at that instant) so that a clock can
    /// implement it directly: apps sleep often, and the default adds an async frame and two
    /// executor hops to every sleep.
    ///
    /// - Throws: `CancellationError` if the task is cancelled first; the clock keeps no trace of it.
    func sleep(for duration: Duration) async throws
}

extension LifelineClock {
    /// Runs `action` after `delay`. See ``schedule(at:_:)``.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        schedule(at: now.advanced(by: delay), action)
    }

    /// The default ``sleep(for:)``: ``sleep(until:)`` at ``now`` plus `duration`.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now.advanced(by: duration))
    }
}

/// A handle to an action scheduled on a ``LifelineClock``; cancelling it prevents the action from
/// running. Owned by whoever scheduled the action; lives on the main actor.
@MainActor
public final class ScheduledAction {
    private var onCancel: (@MainActor () -> Void)?
    private var hasFired = false

    /// Whether ``cancel()`` was called before the action ran.
    public private(set) var isCancelled = false

    /// Creates a handle that calls `onCancel` once when cancelled. Clocks create these.
    public init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Cancels the action. Calling it again, or after the action ran, does nothing.
    public func cancel() {
        guard !isCancelled, !hasFired else { return }
        isCancelled = true
        let callback = onCancel
        onCancel = nil
        callback?()
    }

    /// Marks the action as run, so a later ``cancel()`` is a no-op. Clocks call this.
    public func markFired() {
        hasFired = true
        onCancel = nil
    }
}
