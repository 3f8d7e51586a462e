import DurableState
import Lifecycle
@testable import LifecycleSimulator
import LifelineHistory
import Testing

@Suite("What the app reads back and what its screens say is saved")
@MainActor
struct ReadBackAndSavedTests {
    /// Launch, type once, let the debounced save finish, kill, relaunch and let the draft load.
    let typeSaveAndRelaunch: [SimulationEvent] = [
        .launch(.user), .advance(milliseconds: 100), .userAction(name: "type", scene: 1, seed: 1),
        .advance(milliseconds: 1_000), .kill, .launch(.user), .advance(milliseconds: 100),
    ]

    @Test("a draft saved to one file and read from another is found when the next launch reads it, with no screen showing it")
    func lostWriteFoundOnRead() async throws {
        var bugs = DraftApp.Bugs()
        bugs.readsAnotherFile = true
        let outcome = try await Simulator(app: DraftApp.app(bugs)).replay(typeSaveAndRelaunch)
        let violation = try #require(outcome.violation)
        #expect(violation.kind == .lostAcknowledgedEdit, "\(violation)")
        #expect(violation.step == 5, "\(violation)")   // the relaunch, whose draft loads
        #expect(violation.message.hasPrefix("read from storage (what a screen opening it would show): draft shows nil instead of the acknowledged \" w"), "\(violation)")
    }

    @Test("the same draft read from the file it was saved to passes")
    func savedDraftReadBack() async throws {
        let outcome = try await Simulator(app: DraftApp.app()).replay(typeSaveAndRelaunch)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        #expect(outcome.traceText.contains("ack draft = \" w"))
    }

    @Test("a screen that says saved before its storage acknowledged the value is reported at the step the user typed")
    func savedBeforeWritten() async throws {
        var bugs = DraftApp.Bugs()
        bugs.alwaysSaysSaved = true
        let outcome = try await Simulator(app: DraftApp.app(bugs)).replay(typeSaveAndRelaunch)
        let violation = try #require(outcome.violation)
        #expect(violation.kind == .shownSavedNotWritten, "\(violation)")
        #expect(violation.step == 2, "\(violation)")
        #expect(violation.message.hasPrefix("a screen shows draft as \" w"), "\(violation)")
        #expect(violation.message.hasSuffix("and says it is saved, but its storage has not acknowledged writing it (what is saved is nothing): a kill now loses what the user was told is safe"), "\(violation)")
    }

    @Test("a screen may say saved exactly what its storage acknowledged, this process's edit or a loaded one")
    func savedMeansAcknowledged() {
        let history = EditHistory()
        let key = HistoryKey("draft")
        #expect(history.isSaved("loaded", of: key, in: 2), "a value this process never edited is checked as an observation")
        history.recordEdit(key, value: "a", persistence: .durable, incarnation: 1, step: 0)
        #expect(!history.isSaved("a", of: key, in: 1))
        history.acknowledge(key, value: "a", incarnation: 1)
        #expect(history.isSaved("a", of: key, in: 1))
        history.recordEdit(key, value: "ab", persistence: .durable, incarnation: 1, step: 1)
        #expect(!history.isSaved("ab", of: key, in: 1), "the newest edit is not written yet")
        history.recordEdit(key, value: "a", persistence: .durable, incarnation: 1, step: 2)
        #expect(!history.isSaved("a", of: key, in: 1), "typed back to the saved text, but that edit is not written yet")
        history.acknowledge(key, value: "a", incarnation: 1)
        #expect(history.isSaved("a", of: key, in: 1))
        #expect(!history.isSaved("ab", of: key, in: 1), "not what is saved")
    }

    @Test("a provisional value is recorded when the user changes it and not checked while the app may take it back")
    func provisionalValues() async throws {
        let events: [SimulationEvent] = [
            .launch(.user), .userAction(name: "search", scene: 1, seed: 3), .userAction(name: "scramble the query", scene: 1, seed: 0),
        ]
        let checked = try await Simulator(app: DraftApp.app()).replay(events)
        let violation = try #require(checked.violation)
        #expect(violation.kind == .lostLiveEdit, "\(violation)")
        #expect(violation.step == 2, "\(violation)")
        var bugs = DraftApp.Bugs()
        bugs.queryIsProvisional = true
        let provisional = try await Simulator(app: DraftApp.app(bugs)).replay(events)
        #expect(provisional.passed, "\(provisional.violation?.description ?? "")")
        #expect(provisional.traceText.contains("edit query = \"q"), "the user's change of a provisional value is still recorded")
    }
}
