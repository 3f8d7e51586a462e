import Lifecycle
import LifecycleSimulator
import SimulatorExample
import Synchronization
import Testing

/// A client's own deadline for one call: `giveUp()` runs the handlers registered so far and every
/// later one at once. Thread-safe (a mutex).
final class Deadline: Sendable {
    private let state = Mutex<(fired: Bool, handlers: [@Sendable () -> Void])>((false, []))

    func register(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            if !state.fired { state.handlers.append(handler) }
            return state.fired
        }
        if runNow { handler() }
    }

    func giveUp() {
        let handlers = state.withLock { state in
            state.fired = true
            defer { state.handlers.removeAll() }
            return state.handlers
        }
        for handler in handlers { handler() }
    }
}

/// One call to `library` with a five-second deadline on the app's clock, as a client that
/// enforces its own timeout makes it.
@MainActor
final class DeadlineApp {
    init(environment: SimulationEnvironment) {
        let clock = environment.clock
        let library = environment.remoteService("library")
        Task {
            let deadline = Deadline()
            let timer = clock.schedule(after: .seconds(5)) { deadline.giveUp() }
            do {
                try await library.call("fetch", cancelledBy: { deadline.register($0) })
                environment.trace("answered at \(clock.now)")
            } catch {
                environment.trace("\(error) at \(clock.now)")
            }
            timer.cancel()
        }
    }

    static let app = SimulatedApp<DeadlineApp>(name: "DeadlineApp") { DeadlineApp(environment: $0) } observe: { _ in [] }
}

/// Outages are events of the schedule: a service goes down (refusing, answering 503, or not
/// answering at all) and comes back, across process deaths; the explorer generates them for the
/// services an app reaches, the final check ends them, and replays check that they can happen.
@Suite("Service outages")
@MainActor
struct ServiceOutageTests {
    static func simulator<Incarnation: AnyObject>(_ app: SimulatedApp<Incarnation>, finalCheck: Bool = false) -> Simulator<Incarnation> {
        var options = SimulationOptions()
        options.latency = .fixed(LatencyTests.fixed)
        options.performsFinalCheck = finalCheck
        return Simulator(app: app, options: options)
    }

    static let latencyApp = simulator(LatencyApp.app())

    @Test("a service down before the launch refuses every call after its round trip, or answers each with a server error")
    func refusedAndServerError() async throws {
        let refused = try await Self.latencyApp.replay([
            .serviceDown(service: "library", failing: .refused), .launch(.user), .advance(milliseconds: 1_000),
        ])
        #expect(LatencyTests.appLines(refused).suffix(3) == [
            "failed at t+230ms: library is down", "failed at t+430ms: library is down", "failed at t+630ms: library is down",
        ])
        #expect(refused.trace.contains { $0.lane == "remote library" && $0.text == "down: refused" })
        let serverError = try await Self.latencyApp.replay([
            .serviceDown(service: "library", failing: .serverError), .launch(.user), .advance(milliseconds: 300),
        ])
        #expect(LatencyTests.appLines(serverError).last == "failed at t+230ms: library answered with a server error")
    }

    @Test("a call sent while the service is down keeps its fate after it comes back; the calls after it go through")
    func upAgain() async throws {
        let outcome = try await Self.latencyApp.replay([
            .launch(.user), .serviceDown(service: "library", failing: .refused), .advance(milliseconds: 300),
            .serviceUp(service: "library"), .advance(milliseconds: 1_000),
        ])
        // Sent at 30 ms (up), at 230 ms (down), at 430 ms (up again).
        #expect(LatencyTests.appLines(outcome).suffix(3) == ["fetched at t+230ms", "failed at t+430ms: library is down", "fetched at t+630ms"])
        #expect(outcome.trace.contains { $0.lane == "remote library" && $0.text == "up" })
    }

    @Test("a call that cannot give up waits the platform's request timeout when the service does not answer")
    func noAnswerWithoutDeadline() async throws {
        let outcome = try await Self.latencyApp.replay([
            .serviceDown(service: "library", failing: .noAnswer), .launch(.user), .advance(milliseconds: 59_000),
            .advance(milliseconds: 2_000),
        ])
        #expect(SimulatedRemoteService.requestTimeout == .seconds(60))
        #expect(LatencyTests.appLines(outcome).last == "failed at t+60030ms: library did not answer")
        #expect(outcome.trace.contains { $0.lane == "remote library" && $0.text == "fetch: library did not answer" })
    }

    @Test("a call with a deadline of its own ends when its deadline passes, on the virtual clock, parked until then")
    func deadlineEndsTheWait() async throws {
        let simulator = Self.simulator(DeadlineApp.app)
        let unanswered = try await simulator.replay([
            .serviceDown(service: "library", failing: .noAnswer), .launch(.user), .advance(milliseconds: 4_000),
            .advance(milliseconds: 4_000),
        ])
        #expect(unanswered.passed, "\(unanswered.violation?.description ?? "")")
        #expect(LatencyTests.appLines(unanswered).last == "the call was cancelled at t+5000ms")
        let answered = try await simulator.replay([.launch(.user), .advance(milliseconds: 8_000)])
        #expect(LatencyTests.appLines(answered).last == "answered at t+200ms")
        let killed = try await simulator.replay([
            .serviceDown(service: "library", failing: .noAnswer), .launch(.user), .advance(milliseconds: 1_000), .kill,
            .advance(milliseconds: 8_000),
        ])
        #expect(killed.passed, "\(killed.violation?.description ?? "")")
        #expect(!LatencyTests.appLines(killed).contains { $0.contains(" at t+") })
    }

    @Test("an outage lasts across process deaths until the service comes back, and the final check ends it")
    func acrossDeaths() async throws {
        let outcome = try await Self.simulator(LatencyApp.app(), finalCheck: true).replay([
            .serviceDown(service: "library", failing: .refused), .launch(.user), .advance(milliseconds: 300), .kill,
            .launch(.user), .advance(milliseconds: 300),
        ])
        #expect(outcome.passed)
        // One failure in each incarnation; the call in flight when the final check begins keeps
        // its fate, the next one goes through. (The relaunch's write over a file begins with its
        // truncation, a disk operation with a latency of its own.)
        let results = LatencyTests.appLines(outcome).filter { $0.hasPrefix("failed at") || $0.hasPrefix("fetched at") }
        #expect(Array(results.prefix(4)) == [
            "failed at t+230ms: library is down", "failed at t+565ms: library is down", "failed at t+765ms: library is down",
            "fetched at t+965ms",
        ])
        #expect(outcome.trace.contains { $0.lane == "remote library" && $0.text == "up (the final check)" })
    }

    @Test("a replay refuses a service coming back that is not down, and one going down twice")
    func legality() async throws {
        await #expect(throws: ReplayError.illegalEvent(index: 1, event: .serviceUp(service: "library"), reason: .serviceUp(service: "library"))) {
            try await Self.latencyApp.replay([.launch(.user), .serviceUp(service: "library")])
        }
        let twice: [SimulationEvent] = [
            .serviceDown(service: "library", failing: .refused), .serviceDown(service: "library", failing: .noAnswer),
        ]
        await #expect(throws: ReplayError.illegalEvent(index: 1, event: twice[1], reason: .serviceDown(service: "library", outage: .refused))) {
            try await Self.latencyApp.replay(twice)
        }
    }

    @Test("the explorer generates outages of the services an app reaches, each going down before it comes back")
    func generated() async {
        let simulator = Simulator(app: LibraryExample.app())
        var kinds = Set<ServiceOutage>()
        var cameBack = false
        for seed in 1...40 as ClosedRange<UInt64> {
            let outcome = await simulator.run(seed: seed)
            var down: ServiceOutage?
            for event in outcome.events {
                switch event {
                case let .serviceDown(service, outage):
                    #expect(service == "library server" && down == nil, "seed \(seed)")
                    down = outage
                    kinds.insert(outage)
                case .serviceUp:
                    #expect(down != nil, "seed \(seed)")
                    down = nil
                    cameBack = true
                default:
                    break
                }
            }
        }
        #expect(kinds == Set(ServiceOutage.allCases))
        #expect(cameBack)
    }
}
