import LifecycleSimulator
import LifecycleSimulatorTesting
import NotesAndLists
import NotesAndListsSimulation
import Testing

@Suite("Notes and Lists on the lifecycle simulator")
@MainActor
struct NotesAndListsSimulationTests {
    @Test("no lifecycle violation in 100 schedules")
    func survivesTheLifecycle() async {
        let summary = await expectNoLifecycleViolations(in: NotesApp.simulated(), schedules: 100)
        #expect(summary.schedules == 100)
    }

    @Test("a draft saved only on background is found and shrunk")
    func findsTheDraftSavedOnlyOnBackground() async throws {
        var summary: ExplorationSummary?
        await withKnownIssue {
            summary = await expectNoLifecycleViolations(in: NotesApp.simulated(bugs: [.draftSavedOnlyOnBackground]))
        }
        let failure = try #require(summary?.failure)
        #expect(failure.violation.kind == .lostAcknowledgedEdit)
        #expect(failure.events.count <= 10)
    }

    @Test("the repro of the lost draft replays clean on the app as it ships")
    func lostDraftStaysFixed() async throws {
        try await expectReproPasses("Repros/lost-draft.json", in: NotesApp.simulated())
    }

    @Test("the repro of the lost draft still fails with the bug planted")
    func lostDraftReproducesWithTheBug() async {
        await withKnownIssue {
            try await expectReproPasses("Repros/lost-draft.json", in: NotesApp.simulated(bugs: [.draftSavedOnlyOnBackground]))
        }
    }
}
