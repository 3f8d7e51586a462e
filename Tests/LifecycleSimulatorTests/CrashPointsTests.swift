@testable import LifecycleSimulator
import SimulatorExample
import Testing

/// The default search's crash points: every durable operation site of a passing schedule is
/// crashed, at its first occurrence and at a later one, once per search, under every death.
@Suite("Crash points")
@MainActor
struct CrashPointsTests {
    /// A run that saved the note of scene 1 twice (one durable replace each).
    func twoSaves() async throws -> ScheduleOutcome {
        var options = SimulationOptions()
        options.recordsDurableOperations = true
        options.latency = .fixed(.none)
        let simulator = Simulator(app: LibraryExample.app(), options: options)
        return try await simulator.replay([
            .launch(.user), .advance(milliseconds: 100),
            .userAction(name: "edit note", scene: 1, seed: 1), .resignActive(scene: 1), .activate(scene: 1),
            .userAction(name: "edit note", scene: 1, seed: 2), .resignActive(scene: 1),
        ])
    }

    @Test("each site is crashed at its first and at a later occurrence, by a kill and every power-loss policy")
    func sitesAtFirstAndLaterOccurrence() async throws {
        let outcome = try await twoSaves()
        let noteWrite = DurableOperation.site(.write, path: "/Library/notes/S1.txt.tmp")
        let writes = outcome.durableOperations.filter { $0.site == noteWrite }
        #expect(writes.map(\.step) == [3, 6])
        var points = CrashPoints()
        let schedules = points.points(crashing: outcome).flatMap(\.schedules)
        let crashedNoteWrites = schedules.filter { schedule in
            guard case let .crashDuringNextStep(operation, _)? = schedule.dropLast().last else { return false }
            return writes.contains { $0.step == schedule.count - 1 - 1 && $0.index == operation }
        }
        #expect(Set(crashedNoteWrites.map(\.count)) == [5, 8])
        #expect(crashedNoteWrites.count == 2 * (1 + PowerLossPolicy.allCases.count))
        #expect(schedules.count % (1 + PowerLossPolicy.allCases.count) == 0)
        #expect(points.points(crashing: outcome).isEmpty, "every site was crashed once already")
    }

    @Test("a site's digits are folded: the notes of two scenes are one site")
    func digitsFold() {
        #expect(DurableOperation.site(.write, path: "/notes/S1.txt") == DurableOperation.site(.write, path: "/notes/S23.txt"))
        #expect(DurableOperation.site(.write, path: "/notes/S1.txt") != DurableOperation.site(.syncFile, path: "/notes/S1.txt"))
        #expect(DurableOperation.site(.write, path: "/notes/S1.txt") != DurableOperation.site(.write, path: "/notes/S1.json"))
    }

    @Test("any file written in place is found by the default search, not only the planted note")
    func anyInPlaceWrite() async throws {
        for seed in 1...5 as ClosedRange<UInt64> {
            let summary = await Explorer(simulator: Simulator(app: InPlaceCounterApp.app())).explore(seed: seed, schedules: 200)
            let failure = try #require(summary.failure, "seed \(seed): not found in \(summary.schedules) schedules")
            #expect([.lostAcknowledgedEdit, .phantomData].contains(failure.violation.kind), "seed \(seed): \(failure.violation)")
        }
    }
}
