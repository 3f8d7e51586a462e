import Dispatch
import Foundation

/// The real clock: monotonic time from `ContinuousClock`, wall time from `Date`, scheduled actions on
/// the main dispatch queue. Created by a real host (``LifecycleRuntime`` users on a device or a
/// terminal); lives on the main actor.
@MainActor
public final class SystemClock: LifelineClock {
    private let origin = ContinuousClock.now

    /// Creates a clock whose origin is the moment of creation.
    public init() {}

    public var now: LifelineInstant {
        LifelineInstant(offset: origin.duration(to: ContinuousClock.now))
    }

    public var date: Date { Date() }

    @discardableResult
    public func schedule(at deadline: LifelineInstant, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        let item = DispatchWorkItem { MainActor.assumeIsolated { action() } }
        let handle = ScheduledAction { item.cancel() }
        let delay = max(.zero, now.duration(to: deadline))
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: item)
        return handle
    }

    public func sleep(until deadline: LifelineInstant) async throws {
        let delay = now.duration(to: deadline)
        if delay > .zero {
            try await Task.sleep(for: delay)
        } else {
            try Task.checkCancellation()
        }
    }
}
