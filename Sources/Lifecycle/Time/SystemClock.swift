import Dispatch
import Foundation

/// The real clock: monotonic time from `ContinuousClock`, wall time from `Date`, scheduled actions on
/// the main dispatch queue. Created by a real host (``LifecycleRuntime`` users on a device or a
/// terminal); lives on the main actor.
@MainActor
public final class SystemClock: LifelineClock {
    /// The longest delay handed to Dispatch; later deadlines are re-armed when it elapses.
    static let longestDelay = Duration.seconds(86_400 * 365)

    private let origin = ContinuousClock.now

    /// Creates a clock whose origin is the moment of creation.
    public init() {}

    /// The time elapsed since the clock was created.
    public var now: LifelineInstant {
        LifelineInstant(offset: origin.duration(to: ContinuousClock.now))
    }

    /// `Date()`.
    public var date: Date { Date() }

    /// Runs `action` on the main queue at `deadline`. Deadlines further than a year away are
    /// reached in one-year hops, so no delay overflows Dispatch's nanosecond arithmetic.
    @discardableResult
    public func schedule(at deadline: LifelineInstant, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        let handle = ScheduledAction {}
        arm(handle, deadline: deadline, action: action)
        return handle
    }

    private func arm(_ handle: ScheduledAction, deadline: LifelineInstant, action: @escaping @MainActor () -> Void) {
        let delay = now.duration(to: deadline)
        let hop = min(max(.zero, delay), Self.longestDelay)
        let isFinalHop = delay <= Self.longestDelay
        let item = DispatchWorkItem {
            MainActor.assumeIsolated { [weak self] in
                guard !handle.isCancelled else { return }
                if isFinalHop {
                    handle.markFired()
                    action()
                } else {
                    self?.arm(handle, deadline: deadline, action: action)
                }
            }
        }
        let (seconds, attoseconds) = hop.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: item)
    }

    /// Sleeps with `Task.sleep` (in hops of at most a year); the wait counts as parked for the
    /// ``WorkTracker``.
    public func sleep(until deadline: LifelineInstant) async throws {
        try Task.checkCancellation()
        while case let delay = now.duration(to: deadline), delay > .zero {
            try await WorkTracker.parkCurrentTask {
                try await Task.sleep(for: min(delay, Self.longestDelay))
            }
        }
    }
}
