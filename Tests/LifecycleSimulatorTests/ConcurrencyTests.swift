import Foundation
import LifecycleSimulator
import SimulatorExample
import Synchronization
import Testing

@Suite("Swift concurrency under the simulator")
@MainActor
struct ConcurrencyTests {
    let simulator = Simulator(app: ConcurrencyApp.app())

    @Test("Task {}, async let, task groups, task values, continuations, an actor, clock sleeps, an AsyncStream and the dispatch scheduler give the same trace for the same seed, for 100 seeds run twice")
    func sameSeedSameTrace() async {
        var hashes = Set<FNV1a64>()
        for seed in 0..<100 as Range<UInt64> {
            let first = await simulator.run(seed: seed)
            let second = await simulator.run(seed: seed)
            #expect(first.passed, "seed \(seed): \(first.violation?.description ?? "")")
            #expect(first.traceHash == second.traceHash, "seed \(seed)")
            #expect(first.traceText == second.traceText, "seed \(seed)")
            hashes.insert(first.traceHash)
        }
        #expect(hashes.count == 100)
    }

    @Test("every construct runs to its end, on virtual time: each leaves its line in the trace")
    func everyConstructRuns() async throws {
        let outcome = try await simulator.replay([.launch(.user), .advance(milliseconds: 100)])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        let expected = [
            "async let 1: a1#", "group 1: [", "detached 1 arrived #", "callback 1", "unsafe 1 at t+", "main block 1 at t+4ms",
            "stream: burst 1 done at t+",
        ]
        for line in expected { #expect(outcome.traceText.contains(line), "\(line)") }
    }

    @Test("the seed chooses how concurrent work interleaves: one schedule replayed with thirty seeds shows more than one order")
    func seedChoosesInterleaving() async throws {
        var orders = Set<String>()
        for seed in 0..<30 as Range<UInt64> {
            let outcome = try await simulator.replay([.launch(.user), .advance(milliseconds: 100)], seed: seed)
            let group = outcome.trace.first { $0.text.hasPrefix("group 1:") }
            orders.insert(group?.text ?? "none")
        }
        #expect(!orders.contains("none"))
        #expect(orders.count > 1, "\(orders)")
    }

    @Test("a kill drops the dead process's pending work: its blocks never run and are never released, its tasks end")
    func killDropsPendingWork() async throws {
        var options = SimulationOptions()
        options.performsFinalCheck = false
        let released = ReleaseWitness.released.load(ordering: .relaxed)
        let buried = Graveyard.count
        let outcome = try await Simulator(app: PendingWorkApp.app(), options: options).replay([
            .launch(.user), .advance(milliseconds: 500), .kill, .launch(.user), .advance(milliseconds: 2_000),
        ])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        let lines = outcome.trace.filter { ["continuation resumed", "slept", "stream ended"].contains($0.text) }.map { "\($0.step) \($0.text)" }
        #expect(lines == ["4 continuation resumed", "4 slept"], "\(lines)")
        // The second process's block ran and was released; the first's (killed) and the second's
        // stream task (ended by the run) were not.
        #expect(ReleaseWitness.released.load(ordering: .relaxed) - released == 1)
        #expect(Graveyard.count > buried)
    }

    @Test("two simulations started together do not interleave: each gives the trace it gives alone")
    func simultaneousSimulations() async {
        let other = Simulator(app: LibraryExample.app())
        let alone = (await simulator.run(seed: 7), await other.run(seed: 7))
        async let first = simulator.run(seed: 7)
        async let second = other.run(seed: 7)
        let together = await (first, second)
        #expect(together.0.traceHash == alone.0.traceHash)
        #expect(together.1.traceHash == alone.1.traceHash)
    }
}
