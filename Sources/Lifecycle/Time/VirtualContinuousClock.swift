/// A ``VirtualClock`` as a standard `Clock`: what an app that sleeps on an injected
/// `any Clock<Duration>` is given under test or under the simulator, where a device gives it
/// `ContinuousClock()`.
///
/// ```swift
/// struct Dependencies {
///     var clock: any Clock<Duration> = ContinuousClock()
/// }
/// // in the simulator's composition root:
/// let dependencies = Dependencies(clock: environment.clock.continuous)
/// // in the app, from any isolation:
/// try await dependencies.clock.sleep(for: .milliseconds(300))
/// ```
///
/// Its sleepers share the virtual clock's timeline: they wake in deadline order with the clock's
/// scheduled actions and ``LifelineClock`` sleepers, when the test or the simulator advances
/// time. A cancelled sleep throws `CancellationError` at once and leaves nothing behind. Unlike
/// the ``LifelineClock`` API, these sleeps are not parked for the ``WorkTracker`` (the caller may
/// be on any actor).
///
/// A `Sendable` value that refers to its clock, made by ``VirtualClock/continuous``; usable from
/// any isolation.
public struct VirtualContinuousClock: Clock {
    /// Instants on the virtual clock's timeline.
    public typealias Instant = LifelineInstant
    /// Durations between them.
    public typealias Duration = Swift.Duration

    /// The virtual clock whose timeline this clock reads and sleeps on.
    public let base: VirtualClock

    /// The standard face of `base`.
    public init(_ base: VirtualClock) {
        self.base = base
    }

    /// The virtual clock's current instant.
    public var now: LifelineInstant { base.now }

    /// One nanosecond: a deadline is kept exactly as given.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Suspends until the virtual clock reaches `deadline` (returns at once if it has). The
    /// tolerance is ignored: a virtual deadline is met exactly.
    ///
    /// - Throws: `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: LifelineInstant, tolerance: Duration? = nil) async throws {
        try await base.sleepFromAnyIsolation(until: deadline)
    }
}
