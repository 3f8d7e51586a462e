import Dispatch

/// The ``DispatchScheduler`` of a real process: the main queue is `DispatchQueue.main`, the global
/// queues are `DispatchQueue.global(qos:)`, delays are `asyncAfter` on Dispatch's clock.
///
/// ```swift
/// let scheduler: any DispatchScheduler = SystemDispatchScheduler()
/// ```
///
/// A `Sendable` value with no state; a real host makes one and hands it to the app.
public struct SystemDispatchScheduler: DispatchScheduler {
    /// The longest delay handed to Dispatch in one call (a year); longer delays are clamped.
    static let longestDelay = Duration.seconds(86_400 * 365)

    /// Creates the scheduler.
    public init() {}

    /// `DispatchQueue.main.async`, or `asyncAfter` for a delay; `work` runs on the main actor.
    public func enqueueOnMain(after delay: Duration?, _ work: @escaping @MainActor @Sendable () -> Void) {
        let block: @Sendable () -> Void = { MainActor.assumeIsolated(work) }
        if let delay {
            DispatchQueue.main.asyncAfter(deadline: Self.deadline(after: delay), execute: block)
        } else {
            DispatchQueue.main.async(execute: block)
        }
    }

    /// `DispatchQueue.global(qos:).async`, or `asyncAfter` for a delay.
    public func enqueueGlobal(qos: DispatchQoS.QoSClass, after delay: Duration?, _ work: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue.global(qos: qos)
        if let delay {
            queue.asyncAfter(deadline: Self.deadline(after: delay), execute: work)
        } else {
            queue.async(execute: work)
        }
    }

    /// Dispatch's time `delay` from now (a negative delay is now, a delay past a year a year).
    package static func deadline(after delay: Duration) -> DispatchTime {
        let (seconds, attoseconds) = min(max(delay, .zero), longestDelay).components
        return .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
