import Foundation
import LifecycleSimulator
import SimulatorExample
import Testing

@Suite("Explorer")
@MainActor
struct ExplorerTests {
    static let isFull = ProcessInfo.processInfo.environment["LIFELINE_SIM_FULL"] == "1"

    static func expectedKind(_ bug: PlantedBug) -> Violation.Kind {
        switch bug {
        case .saveOnlyAtTermination, .noFlushOnInactive, .writeBeforeHydration, .editorSavesOnlyInDeinit: .lostAcknowledgedEdit
        case .sharedSelectionSingleton: .crossSceneLeak
        case .basketBeforeCatalogue: .app("basket priced")
        case .unvalidatedRestoration: .app("shown records exist")
        case .tokenInPreferences: .secretLeak
        case .applyAfterDisconnect: .appCrash
        case .lockHeldIntoSuspension: .lockHeldIntoSuspension
        case .writesAfterExpiration: .workAfterBackgroundTimeEnded
        case .noteWrittenInPlace, .basketWrittenInPlace: .lostAcknowledgedEdit
        case .staleSelectionRow, .restoredBookForceUnwrapped: .appCrash
        case .basketAcknowledgedBeforeWrite, .basketWriterStopsAtFailure: .lostAcknowledgedEdit
        }
    }

    @Test("finds each planted bug within 2,000 default-mode schedules on seed 1 and shrinks it to at most 10 events",
          arguments: PlantedBug.allCases.filter { !$0.traps })  // a trap is found in workers: TrapCheckTests
    func findsPlantedBug(_ bug: PlantedBug) async throws {
        let simulator = Simulator(app: LibraryExample.app(bugs: [bug]))
        let summary = await Explorer(simulator: simulator).explore(seed: 1, schedules: 2_000)
        let failure = try #require(summary.failure, "\(bug) not found in \(summary.schedules) schedules")
        #expect(failure.violation.kind == Self.expectedKind(bug), "\(failure.violation)")
        #expect(failure.events.count <= 10, "\(failure.events)")

        let repro = try Repro.load(from: failure.repro.encoded())
        #expect(repro == failure.repro)
        let replayed = try await simulator.replay(repro)
        #expect(replayed.violation?.kind == failure.violation.kind)
        #expect(replayed.traceHash == failure.outcome.traceHash)
    }

    @Test("a note written in place is found on every seed from 1 to 10 (LIFELINE_SEARCH_SEEDS: fewer) within 500 default-mode schedules")
    func findsInPlaceWriteOnEverySeed() async throws {
        let simulator = Simulator(app: LibraryExample.app(bugs: [.noteWrittenInPlace]))
        let lastSeed = UInt64(ProcessInfo.processInfo.environment["LIFELINE_SEARCH_SEEDS"] ?? "") ?? 10
        for seed in 1...max(lastSeed, 1) {
            let summary = await Explorer(simulator: simulator).explore(seed: seed, schedules: 500)
            let failure = try #require(summary.failure, "seed \(seed): not found in \(summary.schedules) schedules")
            #expect(failure.violation.kind == .lostAcknowledgedEdit, "seed \(seed): \(failure.violation)")
            #expect(failure.events.count <= 10, "seed \(seed): \(failure.events)")
        }
    }

    @Test("a basket saved in place, unsynced, is cut by a kill between its truncation and its write: found within 2,000 default-mode schedules on seed 1 and shrunk to at most 10 events; saved atomically it passes them")
    func findsNonAtomicSaveCutByKill() async throws {
        let simulator = Simulator(app: LibraryExample.app(bugs: [.basketWrittenInPlace]))
        let summary = await Explorer(simulator: simulator).explore(seed: 1, schedules: 2_000)
        let failure = try #require(summary.failure, "not found in \(summary.schedules) schedules")
        #expect(failure.violation.kind == .lostAcknowledgedEdit, "\(failure.violation)")
        #expect(failure.violation.message.hasPrefix("basket shows "), "\(failure.violation)")
        #expect(failure.events.count <= 10, "\(failure.events)")
        // The basket promises only to survive a kill: what found it is a kill inside a step.
        #expect(summary.assumptions == ["basket: survives a kill, not a power loss"])
        let deaths = failure.events.compactMap { event -> ProcessDeath? in
            if case .crashDuringNextStep(_, let death) = event { death } else { nil }
        }
        #expect(deaths == [.kill], "\(failure.events)")
        #expect(!failure.events.contains { if case .powerLoss = $0 { true } else { false } }, "\(failure.events)")
        // ...and it landed after the file's truncation, before its bytes.
        let lines = failure.outcome.trace.map(\.line)
        let death = try #require(lines.lastIndex { $0.contains("dies (kill) before write ") }, "\(lines)")
        #expect(lines[death].hasSuffix(" /Library/basket.txt"), "\(lines[death])")
        #expect(lines[..<death].last { $0.contains("/Library/basket.txt") }?.contains("truncate /Library/basket.txt") == true, "\(lines)")

        var fixed = LibraryExample.app()
        fixed.promises = ["basket": .survivesKill]
        let passing = await Explorer(simulator: Simulator(app: fixed)).explore(seed: 1, schedules: 2_000)
        #expect(passing.passed, "\(passing.failure?.text ?? "")")
        #expect(passing.schedules == 2_000 && passing.crashReplays > 0)
    }

    @Test("a kill armed at a basket save's write, after the file's truncation, loses the saved basket only when it is written in place")
    func killBetweenTruncationAndWrite() async throws {
        let events: [SimulationEvent] = [
            .launch(.user), .advance(milliseconds: 100), .userAction(name: "add to basket", scene: 1, seed: 0),
            .crashDuringNextStep(atOperation: 2, death: .kill), .userAction(name: "add to basket", scene: 1, seed: 0),
        ]
        let inPlace = try await Simulator(app: LibraryExample.app(bugs: [.basketWrittenInPlace])).replay(events, seed: 1)
        #expect(inPlace.violation?.kind == .lostAcknowledgedEdit, "\(inPlace.traceText)")
        #expect(inPlace.violation?.message.hasPrefix("basket shows nil instead of the acknowledged ") == true, "\(inPlace.violation?.message ?? "none")")
        #expect(inPlace.traceText.contains("[process] dies (kill) before write "), "\(inPlace.traceText)")
        let atomic = try await Simulator(app: LibraryExample.app()).replay(events, seed: 1)
        #expect(atomic.passed, "\(atomic.violation?.description ?? "")")
        #expect(atomic.traceText.contains("[process] dies (kill) before fsync "), "\(atomic.traceText)")
    }

    @Test("without the crash points, the default search's random schedules alone are the random mode")
    func crashPointsCanBeTurnedOff() async {
        var explorer = Explorer(simulator: Simulator(app: LibraryExample.app()))
        let mixed = await explorer.explore(seed: 5, schedules: 30)
        explorer.crashesAtDurableOperations = false
        let random = await explorer.explore(seed: 5, schedules: 30)
        #expect(mixed.crashReplays > 0)
        #expect(random.crashReplays == 0)
        #expect(mixed.mode == "random + crash points" && random.mode == "random")
        #expect(mixed.events == random.events)
    }

    @Test("with every bug off, default-mode schedules pass (10,000 with LIFELINE_SIM_FULL=1)")
    func bugFreeAppPasses() async {
        let simulator = Simulator(app: LibraryExample.app())
        let summary = await Explorer(simulator: simulator).explore(seed: 2024, schedules: Self.isFull ? 10_000 : 500)
        #expect(summary.passed, "\(summary.failure?.text ?? "")")
        #expect(summary.schedules == (Self.isFull ? 10_000 : 500))
    }

    @Test("a crash at every storage write of a passing schedule, under every crash policy, passes")
    func crashEverywherePasses() async {
        let simulator = Simulator(app: LibraryExample.app())
        let schedule: [SimulationEvent] = [
            .launch(.user), .advance(milliseconds: 100),
            .userAction(name: "edit note", scene: 1, seed: 1), .userAction(name: "add to basket", scene: 1, seed: 2),
            .userAction(name: "sign in", scene: 1, seed: 0), .resignActive(scene: 1),
            .userAction(name: "delete book", scene: 1, seed: 3), .enterBackground(scene: 1), .suspend,
        ]
        let summary = await Explorer(simulator: simulator).crashEverywhere(schedule, limit: Self.isFull ? .max : 400)
        #expect(summary.passed, "\(summary.failure?.text ?? "")")
        #expect(summary.schedules > 50)
    }

    @Test("a crash at every storage write finds a note saved only by its debounce")
    func crashEverywhereFindsUnflushedNote() async {
        let simulator = Simulator(app: LibraryExample.app(bugs: [.noFlushOnInactive]))
        let schedule: [SimulationEvent] = [
            .launch(.user), .advance(milliseconds: 100), .userAction(name: "edit note", scene: 1, seed: 1),
            .enterBackground(scene: 1), .advance(milliseconds: 1_000),
        ]
        let summary = await Explorer(simulator: simulator).crashEverywhere(schedule)
        #expect(summary.failure?.violation.kind == .lostAcknowledgedEdit)
    }

    @Test("every short schedule over the default alphabet passes (depth 3; deeper with LIFELINE_SIM_FULL=1)")
    func exhaustiveShortSchedulesPass() async {
        let simulator = Simulator(app: LibraryExample.app())
        let summary = await Explorer(simulator: simulator).exhaustive(depth: Self.isFull ? 4 : 3, limit: Self.isFull ? 50_000 : 1_500)
        #expect(summary.passed, "\(summary.failure?.text ?? "")")
        #expect(summary.schedules > 100)
    }

    @Test("a selection shared by every window is reported with the field, both windows and both values")
    func leakNamesFieldWindowsAndValues() async throws {
        let simulator = Simulator(app: LibraryExample.app(bugs: [.sharedSelectionSingleton]))
        let outcome = try await simulator.replay([
            .launch(.user), .advance(milliseconds: 100), .userAction(name: "select book", scene: 1, seed: 1),
            .connectScene(scene: 2, foreground: true, restoration: nil),
        ])
        let violation = outcome.violation
        #expect(violation?.kind == .crossSceneLeak, "\(violation?.description ?? "none")")
        let message = violation?.message ?? ""
        #expect(message.hasPrefix("the selection of scene S2 shows \"B"), "\(message)")
        #expect(message.hasSuffix("which is the selection of scene S1 (set at step 2); scene S2's own selection is never set"), "\(message)")
    }

    @Test("a note editor that saves only in its deinit is caught by liveness and once its window resigns; closing it hands the text over")
    func editorSavingInDeinit() async throws {
        let simulator = Simulator(app: LibraryExample.app(bugs: [.editorSavesOnlyInDeinit]))
        let typed: [SimulationEvent] = [.launch(.user), .advance(milliseconds: 100), .userAction(name: "edit note", scene: 1, seed: 1)]
        let idle = try await simulator.replay(typed)
        #expect(idle.violation?.kind == .lostAcknowledgedEdit, "\(idle.violation?.description ?? "none")")
        let resigned = try await simulator.replay(typed + [.resignActive(scene: 1)])
        #expect(resigned.violation?.kind == .app("screen edits reach the model on resign"), "\(resigned.violation?.description ?? "none")")
        let closed = try await simulator.replay(typed + [.userAction(name: "close note", scene: 1, seed: 0), .resignActive(scene: 1)])
        #expect(closed.passed, "\(closed.violation?.description ?? "")")
    }

    @Test("exhaustive enumeration finds a cross-scene leak")
    func exhaustiveFindsLeak() async {
        let simulator = Simulator(app: LibraryExample.app(bugs: [.sharedSelectionSingleton]))
        let alphabet: [SimulationEvent] = [
            .launch(.user), .advance(milliseconds: 100), .connectScene(scene: 2, foreground: true, restoration: nil),
            .userAction(name: "select book", scene: 1, seed: 0),
        ]
        let summary = await Explorer(simulator: simulator).exhaustive(depth: 4, alphabet: alphabet)
        #expect(summary.failure?.violation.kind == .crossSceneLeak)
    }

    @Test("the same seed prints the same summary")
    func summaryIsDeterministic() async {
        let explorer = Explorer(simulator: Simulator(app: LibraryExample.app()))
        let first = await explorer.explore(seed: 9, schedules: 20)
        let second = await explorer.explore(seed: 9, schedules: 20)
        #expect(first.table == second.table)
        #expect(first.combinedTraceHash == second.combinedTraceHash)
    }
}
