@testable import LifecycleSimulator
import SimulatorExample
import Testing

/// Replays apply every event or fail with a ``ReplayError`` naming the event's index and why it
/// cannot happen there; only the explorer's own searches skip such events.
@Suite("Replay")
@MainActor
struct ReplayTests {
    /// Nothing takes time on this device, so the instants in the reasons are exact.
    let simulator: Simulator<LibraryExample> = {
        var options = SimulationOptions()
        options.latency = .fixed(.none)
        return Simulator(app: LibraryExample.app(), options: options)
    }()

    @Test("activating a scene that is not connected fails with the event's index and the reason")
    func activateOfDisconnectedScene() async {
        let events: [SimulationEvent] = [.launch(.user), .advance(milliseconds: 100), .activate(scene: 2)]
        await #expect(throws: ReplayError.illegalEvent(index: 2, event: .activate(scene: 2), reason: .sceneNotConnected(slot: 2))) {
            try await simulator.replay(events)
        }
        let disconnected: [SimulationEvent] = [
            .launch(.user), .connectScene(scene: 2, foreground: true, restoration: nil), .disconnectScene(scene: 2),
            .activate(scene: 2),
        ]
        await #expect(throws: ReplayError.illegalEvent(index: 3, event: .activate(scene: 2), reason: .sceneNotConnected(slot: 2))) {
            try await simulator.replay(disconnected)
        }
    }

    @Test("granting a background task before its earliest-begin date fails and says when it may begin")
    func grantBeforeEarliestBegin() async throws {
        // Entering the background submits the refresh, not before 15 minutes from then.
        let events: [SimulationEvent] = [
            .launch(.user), .advance(milliseconds: 100), .enterBackground(scene: 1),
            .grantBackgroundTask(identifier: "library.refresh"),
        ]
        let error = await #expect(throws: ReplayError.self) { try await simulator.replay(events) }
        guard case let .illegalEvent(index, event, reason) = error else { return }
        #expect(index == 3)
        #expect(event == .grantBackgroundTask(identifier: "library.refresh"))
        #expect(reason == .requestNotDue(identifier: "library.refresh", earliestBegin: 900_100, now: 100))
        #expect(reason.description == "the request's earliest begin is t+900100ms; the device is at t+100ms")
        #expect(error?.description.hasPrefix("event 3 (grantBackgroundTask(library.refresh)) cannot happen at that point:") == true)
        let later = try await simulator.replay(Array(events.dropLast()) + [.clockJump(hours: 1), .grantBackgroundTask(identifier: "library.refresh")])
        #expect(later.passed, "\(later.violation?.description ?? "")")
    }

    @Test("a repro file whose schedule cannot happen is refused, not shortened")
    func reproWithIllegalEvent() async throws {
        let repro = Repro(
            app: "LibraryExample", seed: 3,
            events: [.launch(.user), .kill, .userAction(name: "edit note", scene: 1, seed: 0)],
            violation: Violation(kind: .lostAcknowledgedEdit, message: "", step: 2)
        )
        let loaded = try Repro.load(from: repro.encoded())
        await #expect(throws: ReplayError.illegalEvent(
            index: 2, event: .userAction(name: "edit note", scene: 1, seed: 0), reason: .processNotRunning
        )) {
            try await simulator.replay(loaded)
        }
    }

    @Test("each kind of impossible event is refused with its own reason",
          arguments: [
              ([SimulationEvent.suspend], "the process is not running"),
              ([.launch(.user), .launch(.user)], "the process is already running"),
              ([.launch(.user), .enterBackground(scene: 1), .suspend],
               "the process is suspended (the device suspends an app by itself once no background time is left)"),
              ([.launch(.user), .resignActive(scene: 2)], "scene 2 is not connected"),
              ([.launch(.user), .enterForeground(scene: 1)], "scene 1 is not in the background (it is foregroundActive)"),
              ([.launch(.user), .userAction(name: "fly", scene: 1, seed: 0)], "the app has no action named \"fly\""),
              ([.launch(.user), .expireExtraTime], "no extra-time lease is held"),
              ([.launch(.user), .corruptFile(seed: 1)], "the process is running (files are damaged only while it is not)"),
              ([.launch(.link(9))], "the app has no deep link number 9 (it has 2)"),
          ])
    func reasons(_ events: [SimulationEvent], reason: String) async {
        let error = await #expect(throws: ReplayError.self) { try await simulator.replay(events) }
        guard case let .illegalEvent(index, event, refusal) = error else { return }
        #expect(index == events.count - 1 && event == events[events.count - 1])
        #expect(refusal.description == reason)
    }

    @Test("the explorer's own replays skip an event that cannot happen and count it")
    func searchesSkip() async {
        let outcome = await simulator.replaySkippingIllegal([.suspend, .launch(.user), .launch(.user), .resignActive(scene: 2)])
        #expect(outcome.events == [.launch(.user)])
        #expect(outcome.skipped == 3)
        #expect(outcome.passed)
    }
}
