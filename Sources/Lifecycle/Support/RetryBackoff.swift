/// How long to wait before trying an unavailable source again: exponential backoff, from
/// ``initial`` after the first failure, multiplied by ``multiplier`` after each further one, never
/// more than ``maximum``.
///
/// ```swift
/// let backoff = RetryBackoff(initial: .seconds(2), multiplier: 2, maximum: .seconds(60))
/// backoff.delay(afterFailures: 1)   // 2 s
/// backoff.delay(afterFailures: 4)   // 16 s
/// backoff.delay(afterFailures: 9)   // 60 s
/// ```
///
/// Deterministic (no jitter): one app retries against one service, and the simulator replays the
/// same waits for the same seed. Retry at once as well when the app returns to the foreground or
/// the source answers again; the backoff only bounds how often an app that stays open asks.
/// A `Sendable` value.
public struct RetryBackoff: Hashable, Sendable {
    /// The wait after the first failure.
    public var initial: Duration
    /// The factor applied to the wait after each further failure (at least 1).
    public var multiplier: Int
    /// The longest wait.
    public var maximum: Duration

    /// Creates a backoff; a `multiplier` below 1 counts as 1 and a `maximum` below `initial` as
    /// `initial`.
    public init(initial: Duration, multiplier: Int = 2, maximum: Duration) {
        self.initial = max(initial, .zero)
        self.multiplier = max(multiplier, 1)
        self.maximum = max(maximum, self.initial)
    }

    /// The wait before the next attempt after `failures` consecutive failures (zero for none).
    public func delay(afterFailures failures: Int) -> Duration {
        guard failures > 0 else { return .zero }
        guard multiplier > 1 else { return initial }
        var delay = initial
        for _ in 1..<failures {
            guard delay < maximum else { break }
            delay *= multiplier
        }
        return min(delay, maximum)
    }
}
