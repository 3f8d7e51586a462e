@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator
import Testing

@Suite("Campus Library in the simulator")
@MainActor
struct CampusSimulationTests {
    /// `CAMPUS_SIMULATION_SEEDS=1000 swift test --filter CampusSimulation` for a long exploration.
    static let seeds = UInt64(ProcessInfo.processInfo.environment["CAMPUS_SIMULATION_SEEDS"] ?? "") ?? 40

    @Test("random schedules of OS events and user actions never lose an acknowledged note or leak a secret")
    func explores() async throws {
        let simulator = Simulator(app: CampusIncarnation.app)
        for seed in 1...Self.seeds {
            let outcome = await simulator.run(seed: seed, depth: 40)
            guard let violation = outcome.violation else { continue }
            Issue.record("seed \(seed): \(violation)\n\(outcome.traceText.suffix(4_000))")
            return
        }
    }

    @Test("the same seed gives the same trace, and replaying a run's events reproduces it")
    func deterministic() async throws {
        let simulator = Simulator(app: CampusIncarnation.app)
        for seed in [3, 7, 11] as [UInt64] {
            let first = await simulator.run(seed: seed, depth: 40)
            let second = await simulator.run(seed: seed, depth: 40)
            #expect(first.passed, "seed \(seed): \(first.violation?.description ?? "")")
            #expect(first.traceHash == second.traceHash, "seed \(seed)")
            let replay = await simulator.replay(first.events, seed: seed)
            let lines = { (outcome: ScheduleOutcome) in outcome.trace.filter { $0.lane != "run" }.map(\.line) }
            #expect(replay.skipped == 0)
            #expect(lines(replay) == lines(first), "seed \(seed)")
        }
    }
}
