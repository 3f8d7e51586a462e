@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import CampusSimulation
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

    @Test("exploration reaches every student action and every kind of acknowledgement")
    func coverage() async throws {
        let simulator = Simulator(app: CampusIncarnation.app)
        var lines: [String] = []
        for seed in 1...UInt64(40) {
            let outcome = await simulator.run(seed: seed, depth: 50)
            #expect(outcome.passed, "seed \(seed): \(outcome.violation?.description ?? "")")
            lines += outcome.trace.map(\.line)
        }
        let performed = Set(lines.compactMap { line in line.range(of: "user: ").map { String(line[$0.upperBound...]) } })
        let missing = CampusIncarnation.app.actions.map(\.name).filter { !performed.contains($0) }
        #expect(missing.isEmpty, "no schedule performed \(missing)")
        let acknowledgements = ["ack by the inactive rule: basket", "ack account = \"ada\"", "ack account = nil", "ack note:"]
        let unseen = acknowledgements.filter { ack in !lines.contains { $0.contains(ack) } }
        #expect(unseen.isEmpty, "never acknowledged: \(unseen)")
        let captured = lines.filter { $0.contains("ack by the captured payload:") }
        let fields = ["query@", "selection@", "path@"].filter { field in !captured.contains { $0.contains(field) } }
        #expect(fields.isEmpty, "no window field acknowledged by a captured payload: \(fields)")
    }

    @Test("the same seed gives the same trace, and replaying a run's events reproduces it")
    func deterministic() async throws {
        let simulator = Simulator(app: CampusIncarnation.app)
        for seed in [3, 7, 11] as [UInt64] {
            let first = await simulator.run(seed: seed, depth: 40)
            let second = await simulator.run(seed: seed, depth: 40)
            #expect(first.passed, "seed \(seed): \(first.violation?.description ?? "")")
            #expect(first.traceHash == second.traceHash, "seed \(seed)")
            let replay = try await simulator.replay(first.events, seed: seed)
            let lines = { (outcome: ScheduleOutcome) in outcome.trace.filter { $0.lane != "run" }.map(\.line) }
            #expect(replay.skipped == 0)
            #expect(lines(replay) == lines(first), "seed \(seed)")
        }
    }
}
