import Foundation
import Lifecycle
import Testing

@Suite("VirtualClock")
@MainActor
struct VirtualClockTests {
    @Test("actions run in deadline order, ties in scheduling order, with now at each deadline")
    func deadlineOrder() {
        let clock = VirtualClock()
        var log: [String] = []
        clock.schedule(after: .seconds(2)) { log.append("b at \(clock.now)") }
        clock.schedule(after: .seconds(1)) { log.append("a at \(clock.now)") }
        clock.schedule(after: .seconds(2)) { log.append("c at \(clock.now)") }
        #expect(clock.nextDeadline == .zero.advanced(by: .seconds(1)))
        #expect(clock.pendingCount == 3)
        clock.advance(by: .seconds(5))
        #expect(log == ["a at t+1000ms", "b at t+2000ms", "c at t+2000ms"])
        #expect(clock.now == .zero.advanced(by: .seconds(5)))
        #expect(clock.date == clock.origin.addingTimeInterval(5))
        #expect(!clock.advanceToNextDeadline())
    }

    @Test("an action scheduled while advancing runs if it is due; one in the past runs at the next advance")
    func scheduledWhileAdvancing() {
        let clock = VirtualClock()
        var log: [String] = []
        clock.schedule(after: .seconds(1)) {
            log.append("first")
            clock.schedule(after: .seconds(1)) { log.append("chained at \(clock.now)") }
        }
        clock.advance(by: .seconds(3))
        clock.schedule(at: .zero) { log.append("past") }
        #expect(log == ["first", "chained at t+2000ms"])
        clock.advance(by: .zero)
        #expect(log.last == "past")
        clock.advance(to: .zero)
        #expect(clock.now == .zero.advanced(by: .seconds(3)))
    }

    @Test("a cancelled action never runs; cancelling after it ran does nothing")
    func cancellation() {
        let clock = VirtualClock()
        var ran: [String] = []
        let cancelled = clock.schedule(after: .seconds(1)) { ran.append("cancelled") }
        let fired = clock.schedule(after: .seconds(1)) { ran.append("fired") }
        cancelled.cancel()
        #expect(cancelled.isCancelled)
        #expect(clock.pendingCount == 1)
        clock.advance(by: .seconds(1))
        fired.cancel()
        #expect(!fired.isCancelled)
        #expect(ran == ["fired"])
    }

    @Test("a sleeper wakes at its deadline; a cancelled one throws and leaves no entry")
    func sleepers() async {
        let clock = VirtualClock()
        var log: [String] = []
        let sleeper = Task { @MainActor in
            do {
                try await clock.sleep(until: .zero.advanced(by: .seconds(1)))
                log.append("woke at \(clock.now)")
            } catch {
                log.append("threw")
            }
        }
        let cancelled = Task { @MainActor in
            do {
                try await clock.sleep(for: .seconds(1))
                log.append("cancelled woke")
            } catch {
                log.append("cancelled threw \(error is CancellationError)")
            }
        }
        while clock.pendingCount < 2 { await Task.yield() }
        cancelled.cancel()
        await cancelled.value
        #expect(clock.pendingCount == 1)
        clock.advance(by: .seconds(1))
        await sleeper.value
        #expect(log == ["cancelled threw true", "woke at t+1000ms"])
    }

    @Test("cancelAll drops actions and makes sleepers throw, as a kill does")
    func cancelAll() async {
        let clock = VirtualClock()
        var ran = false
        let action = clock.schedule(after: .seconds(1)) { ran = true }
        let sleeper = Task { @MainActor in
            do {
                try await clock.sleep(for: .seconds(1))
                return "woke"
            } catch {
                return "threw"
            }
        }
        while clock.pendingCount < 2 { await Task.yield() }
        clock.cancelAll()
        #expect(await sleeper.value == "threw")
        #expect(action.isCancelled)
        clock.advance(by: .seconds(10))
        #expect(!ran)
        #expect(clock.pendingCount == 0)
    }

    @Test("sleeping until the past returns at once, or throws if cancelled")
    func sleepInPast() async throws {
        let clock = VirtualClock()
        clock.advance(by: .seconds(1))
        try await clock.sleep(until: .zero)
        let cancelled = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: .zero)
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }
    }
}

@Suite("SystemClock")
@MainActor
struct SystemClockTests {
    @Test("time moves forward and a short sleep returns")
    func sleeps() async throws {
        let clock = SystemClock()
        let start = clock.now
        try await clock.sleep(for: .milliseconds(5))
        #expect(clock.now >= start.advanced(by: .milliseconds(5)))
        try await clock.sleep(until: start)
        #expect(abs(clock.date.timeIntervalSinceNow) < 60)
    }

    @Test("a scheduled action runs on the main actor after its delay; a cancelled one never runs")
    func scheduledActionFires() async throws {
        let clock = SystemClock()
        var fired: [String] = []
        let start = clock.now
        clock.schedule(after: .milliseconds(10)) { fired.append("due at \(clock.now >= start.advanced(by: .milliseconds(10)))") }
        clock.schedule(after: .milliseconds(5)) { fired.append("cancelled") }.cancel()
        var waited = 0
        while fired.isEmpty, waited < 400 {
            try await Task.sleep(for: .milliseconds(5))
            waited += 1
        }
        try await Task.sleep(for: .milliseconds(20))
        #expect(fired == ["due at true"])
    }

    @Test("a far deadline is accepted without overflow and can be cancelled")
    func farDeadline() {
        let clock = SystemClock()
        let handle = clock.schedule(at: LifelineInstant(offset: .seconds(Int64.max))) {}
        handle.cancel()
        #expect(handle.isCancelled)
    }
}
