import CampusLibrary
import CampusSimulation
import LifecycleSimulator
import Testing

@Suite("Campus Library's planted bugs")
@MainActor
struct CampusPlantedBugTests {
    /// What each bug may be reported as: the kinds of what actually goes wrong. The note editor
    /// that saves only in its deinit loses an acknowledged edit (typed, then the app left idle or
    /// sent to the background, then killed) and, once its window resigns active, breaks the
    /// ready-made rule that a screen's edits reach its model; which comes first depends on the
    /// schedule.
    static func expectedKinds(_ bug: CampusBug) -> Set<Violation.Kind> {
        switch bug {
        case .noFlushOnInactive: [.lostAcknowledgedEdit]
        case .noteEditorSavesInDeinit: [.lostAcknowledgedEdit, .app("screen edits reach the model on resign")]
        case .sharedSearchModel: [.app("one scene per screen model")]
        case .listForgetsSelection: [.lostLiveEdit]
        }
    }

    @Test("each planted bug is found within 2,000 default-mode schedules on seed 1 and shrunk to at most 10 events",
          arguments: CampusBug.allCases)
    func findsPlantedBug(_ bug: CampusBug) async throws {
        let simulator = Simulator(app: CampusIncarnation.app(bugs: [bug]))
        let summary = await Explorer(simulator: simulator).explore(seed: 1, schedules: 2_000)
        let failure = try #require(summary.failure, "\(bug) not found in \(summary.schedules) schedules")
        #expect(Self.expectedKinds(bug).contains(failure.violation.kind), "\(failure.violation)")
        #expect(failure.events.count <= 10, "\(failure.events)")
        #expect(failure.repro.app == "CampusLibrary[\(bug.rawValue)]")

        let replayed = await simulator.replay(try Repro.load(from: failure.repro.encoded()))
        #expect(replayed.violation?.kind == failure.violation.kind)
        #expect(replayed.traceHash == failure.outcome.traceHash)
    }
}
