import Foundation
import Lifecycle
import LifecycleSimulator
import SimulatorExample
import Testing

@Suite("Simulator")
@MainActor
struct SimulatorTests {
    let simulator = Simulator(app: LibraryExample.app())

    @Test("the same seed gives the same trace hash, for 100 seeds")
    func sameSeedSameTrace() async {
        for seed in 0..<100 as Range<UInt64> {
            let first = await simulator.run(seed: seed)
            let second = await simulator.run(seed: seed)
            #expect(first.traceHash == second.traceHash, "seed \(seed)")
            #expect(first.events == second.events, "seed \(seed)")
            #expect(first.traceText == second.traceText, "seed \(seed)")
        }
    }

    @Test("a run that keeps no trace text has the same trace hash as one that does")
    func hashWithoutTraceText() async {
        var options = SimulationOptions()
        options.keepsTrace = false
        let untraced = Simulator(app: LibraryExample.app(), options: options)
        for seed in 0..<30 as Range<UInt64> {
            let traced = await simulator.run(seed: seed)
            let hashed = await untraced.run(seed: seed)
            #expect(!traced.trace.isEmpty && hashed.trace.isEmpty, "seed \(seed)")
            #expect(hashed.traceHash == traced.traceHash, "seed \(seed)")
            #expect(hashed.events == traced.events, "seed \(seed)")
        }
    }

    @Test("different seeds give different schedules")
    func differentSeedsDiffer() async {
        let hashes = await Set((0..<20 as Range<UInt64>).asyncMap { await simulator.run(seed: $0).traceHash })
        #expect(hashes.count == 20)
    }

    @Test("replaying a run's events reproduces its trace")
    func replayReproducesTrace() async throws {
        for seed in [3, 17, 42] as [UInt64] {
            let run = await simulator.run(seed: seed)
            let replay = try await simulator.replay(run.events, seed: seed)
            #expect(replay.skipped == 0)
            #expect(replay.events == run.events)
            #expect(replay.violation == run.violation)
            let withoutHeader = { (outcome: ScheduleOutcome) in outcome.trace.filter { $0.lane != "run" }.map(\.line) }
            #expect(withoutHeader(replay) == withoutHeader(run))
        }
    }

    @Test("the example app passes its schedules with every bug off")
    func exampleAppPasses() async {
        for seed in 0..<40 as Range<UInt64> {
            let outcome = await simulator.run(seed: seed)
            #expect(outcome.passed, "seed \(seed): \(outcome.violation?.description ?? "")")
        }
    }

    @Test("a scene connected for a universal link selects the linked book")
    func linkAtConnect() async throws {
        let outcome = try await simulator.replay([
            .launch(.user), .connectSceneWithLink(scene: 2, link: 0, asActivity: true), .advance(milliseconds: 100),
        ])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        #expect(outcome.traceText.contains("edit selection@S2 = \"B3\""))
    }

    @Test("idle background hours cost nothing: a day of virtual time in a few events")
    func clockJumpsAreFree() async throws {
        let outcome = try await simulator.replay([.launch(.user), .enterBackground(scene: 1), .clockJump(hours: 24)])
        #expect(outcome.simulatedMilliseconds >= 24 * 3_600_000)
        #expect(outcome.passed)
    }

    @Test("a sleep on the real clock takes virtual time: it ends when the device's clock reaches it",
          arguments: [EscapingApp.Escape.realSleep, .detachedSleep])
    func realClockSleepsAreVirtual(escape: EscapingApp.Escape) async throws {
        var options = SimulationOptions()
        options.performsFinalCheck = false
        let simulator = Simulator(app: EscapingApp.app(escape), options: options)
        let early = try await simulator.replay([.launch(.user), .advance(milliseconds: 599_999)])
        #expect(early.passed, "\(early.violation?.description ?? "")")
        #expect(!early.traceText.contains("woke"))
        let late = try await simulator.replay([.launch(.user), .advance(milliseconds: 600_000)])
        #expect(late.passed, "\(late.violation?.description ?? "")")
        #expect(late.traceText.contains("woke at t+600000ms"))
    }

    @Test("a task resumed from a real thread is reported as escaped work, named by the work it started in")
    func threadResumeEscapes() async throws {
        let outcome = try await Simulator(app: EscapingApp.app(.resumedFromThread)).replay([.launch(.user)])
        let violation = try #require(outcome.violation)
        #expect(violation.kind == .escapedWork)
        #expect(violation.message.contains("resumed from a thread the simulator does not run"), "\(violation.message)")
        #expect(violation.message.contains("started in application: wait on a thread"), "\(violation.message)")
    }

    @Test("an app that keeps itself busy without time passing is reported as a busy loop, not hung: a timer re-armed at once, a task that only yields",
          arguments: [BusyApp.Busyness.timerDueAtOnce, .yieldingTask])
    func busyAppIsReported(busyness: BusyApp.Busyness) async throws {
        let outcome = try await Simulator(app: BusyApp.app(busyness)).replay([.launch(.user)])
        let violation = try #require(outcome.violation)
        #expect(violation.kind == .busyLoop)
        #expect(violation.step == 0)
        if busyness == .yieldingTask { #expect(violation.message.contains("application: spin")) }
    }

    @Test("a timer that polls every millisecond is busy, but time passes: no busy loop")
    func pollingIsNotABusyLoop() async throws {
        var options = SimulationOptions()
        options.busyLoopLimit = 100
        let outcome = try await Simulator(app: BusyApp.app(.millisecondPoll), options: options).replay([
            .launch(.user), .advance(milliseconds: 2_000),
        ])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
    }

    @Test("work that calls a custom actor runs to completion, the same way every time")
    func customActorWork() async throws {
        let simulator = Simulator(app: ActorApp.app())
        let first = try await simulator.replay([.launch(.user), .advance(milliseconds: 100)])
        let second = try await simulator.replay([.launch(.user), .advance(milliseconds: 100)])
        #expect(first.passed, "\(first.violation?.description ?? "")")
        #expect(first.traceText.contains("edit count = \"3\""))
        #expect(first.traceHash == second.traceHash)
    }

    @Test("storage touched from a real thread is reported as escaped and refused")
    func offMainStorageEscapes() async throws {
        let disk = PlaceholderDisk()
        let simulator = Simulator(app: EscapingApp.app(.storageOffMain), makeDisk: { disk })
        let outcome = try await simulator.replay([.launch(.user)])
        #expect(outcome.violation?.kind == .escapedWork)
        #expect(!disk.itemExists(at: "/escaped.txt"))
    }

    @Test("after a kill, nothing of the old incarnation reaches the disk")
    func killedIncarnationIsFenced() async throws {
        let disk = PlaceholderDisk()
        let simulator = Simulator(app: LibraryExample.app(), makeDisk: { disk })
        let outcome = try await simulator.replay([
            .launch(.user), .advance(milliseconds: 100),
            .userAction(name: "edit note", scene: 1, seed: 7),
            .crashDuringNextStep(atOperation: 1, death: .kill), .advance(milliseconds: 300),
        ])
        #expect(outcome.passed)
        #expect(outcome.traceText.contains("dies (kill) before mkdir /Library/notes"))
        #expect(outcome.trace.filter { $0.step == 4 && $0.lane.hasPrefix("disk") }.isEmpty)
        #expect(!disk.itemExists(at: "/Library/notes/S1.txt"))
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async -> T) async -> [T] {
        var result: [T] = []
        for element in self { result.append(await transform(element)) }
        return result
    }
}
