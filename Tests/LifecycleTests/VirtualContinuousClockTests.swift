import Lifecycle
import Testing

/// The standard `Clock` face of a virtual clock: sleepers on the clock's timeline, from any
/// isolation.
@Suite("VirtualContinuousClock")
@MainActor
struct VirtualContinuousClockTests {
    /// Sleeps on `clock` (any isolation) until `deadline`, then reports the time it woke at.
    nonisolated static func sleep(on clock: any Clock<Duration>, for duration: Duration, then now: @escaping @Sendable () -> LifelineInstant) async -> LifelineInstant? {
        guard (try? await clock.sleep(for: duration)) != nil else { return nil }
        return now()
    }

    @Test("a sleeper waits on the clock's timeline and wakes when time reaches its deadline, not before")
    func sleeperWakesAtDeadline() async {
        let clock = VirtualClock()
        let standard: any Clock<Duration> = clock.continuous
        let sleeper = Task.detached { await Self.sleep(on: standard, for: .seconds(2)) { clock.now } }
        while clock.pendingCount < 1 { await Task.yield() }
        #expect(clock.nextDeadline == .zero.advanced(by: .seconds(2)))
        clock.advance(by: .seconds(1))
        #expect(clock.pendingCount == 1)
        clock.advance(by: .seconds(1))
        #expect(await sleeper.value == .zero.advanced(by: .seconds(2)))
        #expect(clock.pendingCount == 0)
    }

    @Test("sleepers and scheduled actions share one order: by deadline, ties in the order they were made")
    func oneTimeline() async {
        let clock = VirtualClock()
        var log: [String] = []
        clock.schedule(after: .seconds(3)) { log.append("action at 3 s") }
        let sleeper = Task { @MainActor in
            try? await clock.continuous.sleep(for: .seconds(2))
            log.append("sleeper at \(clock.now)")
        }
        while clock.pendingCount < 2 { await Task.yield() }
        clock.schedule(after: .seconds(2)) { log.append("action at 2 s") }
        clock.advance(by: .seconds(2))
        await sleeper.value
        clock.advance(by: .seconds(1))
        #expect(log == ["action at 2 s", "sleeper at t+2000ms", "action at 3 s"])
    }

    @Test("a cancelled sleep throws at once and leaves nothing on the timeline; a past deadline returns at once")
    func cancellationAndPastDeadline() async throws {
        let clock = VirtualClock()
        let standard = clock.continuous
        let cancelled = Task.detached { try await standard.sleep(for: .seconds(5)) }
        while clock.pendingCount < 1 { await Task.yield() }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(1))
        try await standard.sleep(until: .zero.advanced(by: .milliseconds(500)), tolerance: nil)
        #expect(standard.now == .zero.advanced(by: .seconds(1)))
        #expect(standard.minimumResolution == .nanoseconds(1))
    }
}
