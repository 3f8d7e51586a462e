import Dispatch
import Foundation
import Lifecycle
import LifecycleSimulator
import Synchronization

/// An app written with every construct of Swift concurrency the simulator owns, tracing what each
/// one observes, so that a trace hash depends on how the run interleaved them: `Task {}`,
/// `Task.detached`, `async let`, a task group, awaiting another task's value, checked and unsafe
/// continuations resumed from callbacks of the simulated dispatch scheduler, an actor, sleeps on
/// an injected `any Clock<Duration>`, an `AsyncStream`, and the scheduler's
/// main and global queues with and without a delay. Nothing of it uses a scope or the
/// `WorkTracker`.
///
/// Each launch and each `burst` action starts one burst of that work; a burst's trace lines are
/// numbered by the burst.
@MainActor
final class ConcurrencyApp {
    /// A counter shared by the concurrent work: its order of arrivals is what interleaving shows.
    actor Tally {
        private var arrivals: [String] = []

        func arrive(_ name: String) -> Int {
            arrivals.append(name)
            return arrivals.count
        }
    }

    let environment: SimulationEnvironment
    let clock: any Clock<Duration>
    let scheduler: any DispatchScheduler
    let tally = Tally()
    private let lines: AsyncStream<String>.Continuation
    private var bursts = 0

    init(environment: SimulationEnvironment) {
        self.environment = environment
        self.clock = environment.clock.continuous
        self.scheduler = environment.dispatchScheduler
        let (stream, lines) = AsyncStream.makeStream(of: String.self)
        self.lines = lines
        Task {
            for await line in stream { environment.trace("stream: \(line)") }
        }
        burst()
    }

    /// Starts one burst of concurrent work.
    func burst() {
        bursts += 1
        let number = bursts
        let (environment, clock, scheduler, tally, lines) = (environment, clock, scheduler, tally, lines)
        Task {
            async let first = Self.fetch("a\(number)", after: .milliseconds(number % 3 + 1), clock: clock, tally: tally)
            async let second = Self.fetch("b\(number)", after: .milliseconds(2), clock: clock, tally: tally)
            let (a, b) = await (first, second)
            environment.trace("async let \(number): \(a), \(b)")

            let order = await withTaskGroup(of: String.self, returning: [String].self) { group in
                for child in 0..<3 {
                    group.addTask {
                        let arrival = await tally.arrive("g\(number).\(child)")
                        return "g\(child)#\(arrival)"
                    }
                }
                var order: [String] = []
                for await child in group { order.append(child) }
                return order
            }
            environment.trace("group \(number): \(order)")

            let detached = Task.detached { await tally.arrive("detached \(number)") }
            environment.trace("detached \(number) arrived #\(await detached.value)")

            let called: String = await withCheckedContinuation { continuation in
                scheduler.global().async {
                    let value = "callback \(number)"
                    scheduler.main.async { continuation.resume(returning: value) }
                }
            }
            environment.trace(called)

            let late: Int = await withUnsafeContinuation { continuation in
                scheduler.global(qos: .background).asyncAfter(.milliseconds(3)) { continuation.resume(returning: number) }
            }
            environment.trace("unsafe \(late) at \(clock.now)")

            try? await clock.sleep(for: .milliseconds(5))
            lines.yield("burst \(number) done at \(clock.now)")
        }
        scheduler.main.asyncAfter(.milliseconds(4)) { environment.trace("main block \(number) at \(clock.now)") }
    }

    /// Sleeps on `clock`, then reports its arrival at `tally`.
    nonisolated static func fetch(_ name: String, after delay: Duration, clock: any Clock<Duration>, tally: Tally) async -> String {
        try? await clock.sleep(for: delay)
        return "\(name)#\(await tally.arrive(name))"
    }

    static func app() -> SimulatedApp<ConcurrencyApp> {
        var app = SimulatedApp(name: "ConcurrencyApp") { ConcurrencyApp(environment: $0) } observe: { _ in [] }
        app.actions = [
            UserAction(name: "burst", weight: 4) { _ in true } perform: { context, _ in context.incarnation.burst() },
        ]
        return app
    }
}

/// An app whose launch leaves work pending that only its own process could finish: a checked
/// continuation that a delayed block of the dispatch scheduler would resume, holding a
/// ``ReleaseWitness``; a `Task.sleep`; a task waiting on an `AsyncStream` nobody feeds.
@MainActor
final class PendingWorkApp {
    init(environment: SimulationEnvironment) {
        let scheduler = environment.dispatchScheduler
        let witness = ReleaseWitness()
        Task {
            await withCheckedContinuation { continuation in
                scheduler.global().asyncAfter(.seconds(1)) {
                    withExtendedLifetime(witness) { continuation.resume() }
                }
            }
            environment.trace("continuation resumed")
        }
        Task {
            try? await Task.sleep(for: .seconds(1))
            environment.trace("slept")
        }
        let (stream, _) = AsyncStream.makeStream(of: Int.self)
        Task {
            for await _ in stream {}
            environment.trace("stream ended")
        }
    }

    static func app() -> SimulatedApp<PendingWorkApp> {
        SimulatedApp(name: "PendingWorkApp") { PendingWorkApp(environment: $0) } observe: { _ in [] }
    }
}

/// Counts its releases (process-wide): a buried block that held one never releases it.
final class ReleaseWitness: Sendable {
    static let released = Atomic<Int>(0)

    deinit {
        Self.released.add(1, ordering: .relaxed)
    }
}
