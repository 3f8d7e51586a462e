@testable import LifecycleSimulator
import SimulatorExample
import Testing

@Suite("ScheduleGenerator")
@MainActor
struct ScheduleGeneratorTests {
    /// Runs `steps` generated events of `seed` under `swarm`, handing each to `check` with the run
    /// before it is applied.
    func generate(
        seed: UInt64, steps: Int = 50, swarm: SwarmConfiguration? = nil,
        _ check: (SimulationEvent, SimulationRun) -> Void
    ) async {
        var random = SimulationRandom(seed: seed)
        let configuration = swarm ?? SwarmConfiguration.random(&random)
        let app = ErasedApp(LibraryExample.app())
        let executorsInstalled = await SimulationRun.prepareExecutors()
        let run = SimulationRun(app: app, options: SimulationOptions(), seed: seed, disk: SimulatedDisk(image: LibraryExample.app().initialDisk))
        run.beginCapture(executorsInstalled: executorsInstalled)
        let generator = ScheduleGenerator(swarm: configuration)
        for _ in 0..<steps {
            guard run.violation == nil, let event = generator.next(for: run, random: &random) else { break }
            check(event, run)
            run.perform(event)
        }
        _ = run.finish()
    }

    @Test("every event it proposes is one the device does not refuse at that moment")
    func proposesLegalEvents() async {
        for seed in 1...20 as ClosedRange<UInt64> {
            await generate(seed: seed) { event, run in
                #expect(run.refusal(of: event) == nil, "seed \(seed): \(event) was proposed but refused: \(run.refusal(of: event)!)")
            }
        }
    }

    @Test("a kind the swarm leaves out is never proposed")
    func disabledKindsStayOut() async {
        let kinds = EventKind.essential.union([.activate, .resignActive, .enterBackground, .enterForeground])
        var counts: [EventKind: Int] = [:]
        for seed in 1...10 as ClosedRange<UInt64> {
            await generate(seed: seed, swarm: .uniform(kinds)) { event, _ in counts[event.kind, default: 0] += 1 }
        }
        #expect(Set(counts.keys).isSubset(of: kinds), "proposed \(Set(counts.keys).subtracting(kinds))")
        #expect(counts[.userAction, default: 0] > 0 && counts[.advance, default: 0] > 0)
    }

    @Test("the same seed proposes the same events")
    func sameSeedSameEvents() async {
        var first: [SimulationEvent] = []
        var second: [SimulationEvent] = []
        await generate(seed: 7) { event, _ in first.append(event) }
        await generate(seed: 7) { event, _ in second.append(event) }
        #expect(first == second && first.count > 10)
    }

    @Test("events offered with placeholders get their parameters drawn: no user action keeps seed 0 in 100")
    func parametersAreDrawn() async {
        var seeds: Set<UInt64> = []
        await generate(seed: 3, steps: 200, swarm: .uniform(EventKind.essential)) { event, _ in
            if case .userAction(_, _, let seed) = event { seeds.insert(seed) }
        }
        #expect(seeds.count > 10)
    }
}
