import LifecycleSimulator
import SimulatorExample
import Testing

/// The latency model: disk calls advance the device clock as a blocked main thread would, remote
/// calls take their round trip on the virtual clock and may be lost, and everything is drawn from
/// the seed. (Outages are events: `ServiceOutageTests`.)
@Suite("Latency")
@MainActor
struct LatencyTests {
    /// fsyncs of exactly 5 ms, writes of 1 ms, remote round trips of 200 ms.
    static let fixed: LatencyModel = {
        var model = LatencyModel.none
        model.write = LatencyDistribution(base: .milliseconds(1))
        model.fsync = LatencyDistribution(base: .milliseconds(5))
        model.network = LatencyDistribution(base: .milliseconds(200))
        return model
    }()

    static func simulator(_ model: LatencyModel, mayFail: Bool = true) -> Simulator<LatencyApp> {
        var options = SimulationOptions()
        options.latency = .fixed(model)
        options.performsFinalCheck = false
        return Simulator(app: LatencyApp.app(mayFail: mayFail), options: options)
    }

    static func appLines(_ outcome: ScheduleOutcome) -> [String] {
        outcome.trace.filter { $0.lane == "app" && !$0.text.hasPrefix("will") && !$0.text.hasPrefix("did") }.map(\.text)
    }

    @Test("a synchronous disk call advances the device clock: a timer due meanwhile fires late, after it returns")
    func diskLatencyDelaysTimers() async throws {
        let outcome = try await Self.simulator(Self.fixed).replay([.launch(.user), .advance(milliseconds: 1_000)])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        let lines = Self.appLines(outcome)
        #expect(lines.prefix(2) == ["writes done at t+30ms", "timer fired at t+30ms"])
        #expect(outcome.trace.contains { $0.lane == "disk /" && $0.text == "fsync /file4" && $0.milliseconds == 30 })
    }

    @Test("remote calls take their round trip on the virtual clock, one after another")
    func remoteCallsTakeTime() async throws {
        let outcome = try await Self.simulator(Self.fixed).replay([.launch(.user), .advance(milliseconds: 1_000)])
        #expect(Self.appLines(outcome).suffix(3) == ["fetched at t+230ms", "fetched at t+430ms", "fetched at t+630ms"])
        #expect(outcome.trace.contains { $0.lane == "remote library" && $0.text == "fetch (200ms)" })
    }

    @Test("a kill in the middle of a request: the call never completes and nothing of it runs later")
    func killMidRequest() async throws {
        let outcome = try await Self.simulator(Self.fixed).replay([.launch(.user), .advance(milliseconds: 100), .kill, .advance(milliseconds: 1_000)])
        #expect(outcome.passed)
        #expect(!Self.appLines(outcome).contains { $0.hasPrefix("fetched") })
    }

    @Test("lost requests fail calls that may fail; a call that may not fail only takes time")
    func lostRequests() async throws {
        var lossy = Self.fixed
        lossy.networkFailurePerMille = 1_000
        let lost = try await Self.simulator(lossy).replay([.launch(.user), .advance(milliseconds: 1_000)])
        #expect(Self.appLines(lost).suffix(3) == [
            "failed at t+230ms: the request to library was lost", "failed at t+430ms: the request to library was lost",
            "failed at t+630ms: the request to library was lost",
        ])
        let reliable = try await Self.simulator(lossy, mayFail: false).replay([.launch(.user), .advance(milliseconds: 1_000)])
        #expect(Self.appLines(reliable).suffix(3).allSatisfy { $0.hasPrefix("fetched") })
    }

    @Test("the same seed gives the same latency model, the same draws and the same trace hash")
    func sameSeedSameLatency() async throws {
        let simulator = Simulator(app: LibraryExample.app())
        var models = Set<String>()
        for seed in 1...30 as ClosedRange<UInt64> {
            let first = await simulator.run(seed: seed)
            let second = await simulator.run(seed: seed)
            #expect(first.traceHash == second.traceHash, "seed \(seed)")
            #expect(first.trace.map(\.line) == second.trace.map(\.line), "seed \(seed)")
            let replay = try await simulator.replay(first.events, seed: seed)
            #expect(replay.trace.filter { $0.lane != "run" || $0.text.hasPrefix("latency") }.map(\.line)
                == first.trace.filter { $0.lane != "run" || $0.text.hasPrefix("latency") }.map(\.line), "seed \(seed)")
            models.insert(first.trace.first { $0.text.hasPrefix("latency ") }?.text ?? "none")
        }
        #expect(models.count >= 4, "\(models)")
        #expect(models.contains { $0.contains("disk instant") } && models.contains { $0.contains("network instant") }, "\(models)")
    }
}
