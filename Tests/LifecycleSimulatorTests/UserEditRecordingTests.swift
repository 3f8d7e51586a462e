import Foundation
import Lifecycle
import LifecycleSimulator
import LifelineHistory
import Testing

/// A list screen whose rows are values of their own (`item:<n>`), kept in memory: rows are added
/// and deleted by the user, and the screen can be closed.
@MainActor
final class RowsApp {
    @MainActor
    final class Screen: VisibleValues {
        var rows: [Int] = [1, 2, 3]
        var visibleValues: [VisibleValue] { rows.map { VisibleValue("item:\($0)", showing: "row \($0)") } }
    }

    var screen: Screen?

    init(environment: SimulationEnvironment) {
        let screen = Screen()
        self.screen = screen
        // The rows every launch starts with, set by the app.
        for value in screen.visibleValues { environment.history.edit(value.key, text: value.text, persistence: .ephemeral) }
        environment.screens.register(screen, in: nil)
    }

    static func app() -> SimulatedApp<RowsApp> {
        var app = SimulatedApp<RowsApp>(name: "RowsApp") { RowsApp(environment: $0) }
        app.actions = [
            UserAction(name: "delete first", edits: [.prefixed("item:", persistence: .ephemeral)]) { $0.incarnation.screen != nil } perform: {
                context, _ in context.incarnation.screen?.rows.removeFirst()
            },
            UserAction(name: "add", edits: [.prefixed("item:", persistence: .ephemeral)]) { $0.incarnation.screen != nil } perform: {
                context, _ in context.incarnation.screen?.rows.append(9)
            },
            UserAction(name: "close", edits: [.prefixed("item:", persistence: .ephemeral)]) { _ in true } perform: { context, _ in
                context.incarnation.screen = nil
            },
        ]
        return app
    }
}

/// When a user action's edits are recorded: before its own save, before a kill inside it, and
/// for values a screen stops or starts showing.
@Suite("User edit recording")
@MainActor
struct UserEditRecordingTests {
    /// The history records of the schedule's steps after the launch (not the final check's).
    private func history(_ outcome: ScheduleOutcome) -> [String] {
        outcome.trace.filter { $0.lane == "history" && $0.step > 0 && $0.step < outcome.events.count }.map(\.text)
    }

    @Test("an edit saved inside the action is recorded before its save, so the screen may say it is saved")
    func savedInsideTheAction() async throws {
        let events: [SimulationEvent] = [.launch(.user), .userAction(name: "type", scene: 1, seed: 0)]
        let outcome = try await Simulator(app: CorrectNotesApp.app(.synchronouslyAtEveryKeystroke)).replay(events)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        let records = history(outcome)
        let edit = try #require(records.firstIndex { $0.hasPrefix("edit note = ") })
        let ack = try #require(records.firstIndex { $0.hasPrefix("ack note = ") })
        #expect(edit < ack, "\(records)")
        #expect(records.filter { $0.hasPrefix("edit note = ") }.count == 1, "recorded once: \(records)")
    }

    @Test("a kill inside the action leaves its edit indeterminate: the relaunch may show it or the value before")
    func killInsideTheAction() async throws {
        for operation in 1...4 {
            let events: [SimulationEvent] = [
                .launch(.user), .userAction(name: "type", scene: 1, seed: 0),
                .crashDuringNextStep(atOperation: operation, death: .kill), .userAction(name: "type", scene: 1, seed: 1),
                .launch(.user),
            ]
            let outcome = try await Simulator(app: CorrectNotesApp.app(.synchronouslyAtEveryKeystroke)).replay(events)
            #expect(outcome.passed, "operation \(operation): \(outcome.violation?.description ?? "")")
            let text = outcome.traceText
            let edit = try #require(text.range(of: "edit note = \" w601 w"), "operation \(operation): the second edit is recorded")
            let death = try #require(text.range(of: "dies (kill)"))
            #expect(edit.lowerBound < death.lowerBound, "operation \(operation): recorded before the death")
        }
    }

    @Test("a value an open screen stops showing is recorded removed, one it starts showing set")
    func removedAndAdded() async throws {
        let events: [SimulationEvent] = [
            .launch(.user), .userAction(name: "delete first", scene: 1, seed: 0), .userAction(name: "add", scene: 1, seed: 0),
        ]
        let outcome = try await Simulator(app: RowsApp.app()).replay(events)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        let records = history(outcome)
        #expect(records.contains("edit item:1 = nil"), "\(records)")
        #expect(records.contains("edit item:9 = \"row 9\""), "\(records)")
        #expect(!records.contains { $0.hasPrefix("edit item:2") }, "\(records)")
    }

    @Test("the values of a screen that closes are not edits")
    func closedScreen() async throws {
        let events: [SimulationEvent] = [.launch(.user), .userAction(name: "close", scene: 1, seed: 0)]
        let outcome = try await Simulator(app: RowsApp.app()).replay(events)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        #expect(!history(outcome).contains { $0.hasPrefix("edit item:") }, "\(history(outcome))")
    }
}
