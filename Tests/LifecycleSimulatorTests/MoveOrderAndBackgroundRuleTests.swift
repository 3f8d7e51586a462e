import DurableState
import Lifecycle
@testable import LifecycleSimulator
import LifelineHistory
import Testing

@Suite("A move's order, and restorable state at the background")
@MainActor
struct MoveOrderAndBackgroundRuleTests {
    /// Launch, let the draft load, type, send, let the outbox's save come due.
    let typeAndSend: [SimulationEvent] = [
        .launch(.user), .advance(milliseconds: 100), .userAction(name: "type", scene: 1, seed: 1),
        .userAction(name: "send", scene: 1, seed: 0), .advance(milliseconds: 500),
    ]

    @Test("a draft cleared and saved before the outbox that receives it is saved is found without a crash, at the outbox's save")
    func draftClearedFirst() async throws {
        var bugs = ComposerApp.Bugs()
        bugs.clearsDraftBeforeOutboxIsSaved = true
        let outcome = try await Simulator(app: ComposerApp.app(bugs)).replay(typeAndSend)
        let violation = try #require(outcome.violation)
        #expect(violation.kind == .removedBeforeSaved, "\(violation)")
        #expect(violation.step == 4, "\(violation)")   // the outbox's save, 100 ms after the send
        #expect(violation.message.hasPrefix("draft@S1 held the user's \"message "), "\(violation)")
        #expect(violation.message.contains("; the app saved draft@S1 without it at step 3, before outbox, which receives it, was saved"), "\(violation)")
    }

    @Test("the outbox saved first, then the draft cleared, passes; so does a long random search")
    func outboxFirst() async throws {
        let outcome = try await Simulator(app: ComposerApp.app()).replay(typeAndSend)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        #expect(outcome.traceText.contains("ack outbox = \"message "))
        let summary = await Explorer(simulator: Simulator(app: ComposerApp.app())).explore(seed: 1, schedules: 150, depth: 40)
        #expect(summary.failure == nil, "\(summary.failure?.violation.description ?? "")")
    }

    @Test("the bug is found by the search and shrunk to the few events that matter")
    func foundBySearch() async throws {
        var bugs = ComposerApp.Bugs()
        bugs.clearsDraftBeforeOutboxIsSaved = true
        let summary = await Explorer(simulator: Simulator(app: ComposerApp.app(bugs))).explore(seed: 1, schedules: 200, depth: 40)
        let failure = try #require(summary.failure)
        #expect(failure.violation.kind == .removedBeforeSaved)
        #expect(failure.events.count <= 6, "\(failure.events)")
    }

    @Test("a value a collection holds is found as one of its elements, not inside another")
    func holdsElements() {
        #expect(EditHistory.holds("a b", "a b"))
        #expect(EditHistory.holds("x, a b", "a b"))
        #expect(EditHistory.holds("a b, x", "a b"))
        #expect(EditHistory.holds("x, a b, y", "a b"))
        #expect(!EditHistory.holds("x, a bc", "a b"))
        #expect(!EditHistory.holds("a bc", "a b"))
        #expect(!EditHistory.holds(nil, "a b"))
    }

    @Test("a text the app removes that no other value receives is a discard, not a move")
    func discardIsNoMove() {
        let history = EditHistory()
        let draft = HistoryKey("draft"), items = HistoryKey("items")
        history.recordEdit(draft, value: "milk", persistence: .durable, incarnation: 1, step: 1, byUser: true)
        history.recordEdit(draft, value: nil, persistence: .durable, incarnation: 1, step: 2)
        let previous = try? #require(history.acknowledgement(of: draft, value: nil, incarnation: 1))
        #expect(history.userTextRemoved(from: draft, previous: previous ?? -1, incarnation: 1) == "milk")
        #expect(!history.isSavedElsewhere("milk", than: draft))
        #expect(history.unsavedHolder(of: "milk", other: draft) == nil)
        history.remember(.init(text: "milk", key: draft, incarnation: 1, step: 2))
        // The user types it again in another window: that window's draft explains the items' copy.
        history.recordEdit(HistoryKey("draft2"), value: "milk", persistence: .durable, incarnation: 1, step: 3, byUser: true)
        history.recordEdit(items, value: "eggs, milk", persistence: .durable, incarnation: 1, step: 4)
        #expect(history.receivedRemovedText("eggs, milk", of: items, incarnation: 1) == nil)
        // A later incarnation's edits never match an earlier one's removals.
        history.remember(.init(text: "bread", key: draft, incarnation: 1, step: 5))
        #expect(history.receivedRemovedText("bread", of: items, incarnation: 2) == nil)
    }

    /// Launch, switch the tab, go to the background, die there, relaunch.
    let switchBackgroundKill: [SimulationEvent] = [
        .launch(.user), .userAction(name: "switch tab", scene: 1, seed: 0), .enterBackground(scene: 1), .kill,
        .launch(.user),
    ]

    @Test("restorable state saved only when the window disconnects is lost at a kill in the background, as iOS may do")
    func tabSavedOnlyOnDisconnect() async throws {
        var bugs = ComposerApp.Bugs()
        bugs.savesTabOnlyOnDisconnect = true
        let outcome = try await Simulator(app: ComposerApp.app(bugs)).replay(switchBackgroundKill)
        let violation = try #require(outcome.violation)
        #expect(violation.kind == .lostAcknowledgedEdit, "\(violation)")
        #expect(violation.step == 4, "\(violation)")
        // nil: the tab's default ("inbox", what the store restores when nothing is saved).
        #expect(violation.message.contains("tab@S1 shows nil instead of the acknowledged \"sent\""), "\(violation)")
        #expect(outcome.traceText.contains("ack by the background rule: tab@S1"))
    }

    @Test("restorable state saved when the window enters the background survives the kill")
    func tabSavedOnBackground() async throws {
        let outcome = try await Simulator(app: ComposerApp.app()).replay(switchBackgroundKill)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
    }
}
