import LifecycleSimulator
import Testing

/// App updates (`SimulationEvent.updateApp`): the next version runs on the same disk, and no
/// acknowledged data may be lost across the update.
@Suite("App updates")
@MainActor
struct AppUpdateTests {
    @Test("an update kills the running process and every later launch runs the next version")
    func nextVersion() async throws {
        let events: [SimulationEvent] = [.launch(.user), .userAction(name: "add note", scene: 1, seed: 0), .updateApp, .launch(.user)]
        let outcome = try await Simulator(app: UpdatedNotesApp.app(decodesOldNotes: true)).replay(events)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        let text = outcome.traceText
        #expect(text.contains("killed by the app's update"), "\(text)")
        #expect(text.contains("app updated to version 2"), "\(text)")
    }

    @Test("an update with no next version is refused, and an app without versions is never offered one")
    func refused() async throws {
        let app = UpdatedNotesApp.app(decodesOldNotes: true)
        await #expect(throws: ReplayError.self) {
            try await Simulator(app: app).replay([.launch(.user), .updateApp, .updateApp])
        }
        let plain = CorrectNotesApp.app(.debounced)
        for seed in 1...20 as ClosedRange<UInt64> {
            let outcome = await Simulator(app: plain).run(seed: seed, depth: 40)
            #expect(!outcome.events.contains(.updateApp))
        }
    }

    /// The app never tries a failed save again: a full disk is left out, the search is about updates.
    private var options: SimulationOptions {
        var options = SimulationOptions()
        options.eventKindsLeftOut = [.diskFull]
        return options
    }

    @Test("a model whose new field makes the old file fail to decode is found: the user's notes are gone after the update")
    func decodeFailureAfterUpdate() async throws {
        let app = UpdatedNotesApp.app(decodesOldNotes: false)
        let summary = await Explorer(simulator: Simulator(app: app, options: options)).explore(seed: 1, schedules: 2_000)
        let failure = try #require(summary.failure, "not found in \(summary.schedules) schedules")
        #expect(failure.violation.kind == .lostAcknowledgedEdit, "\(failure.violation)")
        #expect(failure.events.contains(.updateApp))
        #expect(failure.events.count <= 10, "\(failure.events)")
        #expect(summary.firstFailureSchedule.map { $0 <= 2_000 } == true)
        let fixed = await Explorer(simulator: Simulator(app: UpdatedNotesApp.app(decodesOldNotes: true), options: options))
            .explore(seed: 1, schedules: 300)
        #expect(fixed.failure == nil, "\(fixed.failure?.text ?? "")")
    }
}
