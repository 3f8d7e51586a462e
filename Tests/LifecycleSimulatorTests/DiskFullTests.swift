import DurableState
import Lifecycle
@testable import LifecycleSimulator
import Testing

@Suite("The device's storage full")
@MainActor
struct DiskFullTests {
    /// Launch, let the draft load, type, fill the storage, send, free it, let time pass.
    let sendWhileFull: [SimulationEvent] = [
        .launch(.user), .advance(milliseconds: 100), .userAction(name: "type", scene: 1, seed: 1), .diskFull,
        .userAction(name: "send", scene: 1, seed: 0), .diskFreed, .advance(milliseconds: 5_000),
    ]

    @Test("writes fail with no space and are traced, nothing reaches the disk; an app that keeps the draft passes")
    func writesFail() async throws {
        let outcome = try await Simulator(app: ComposerApp.app()).replay(sendWhileFull)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        let lines = outcome.trace.map(\.line)
        #expect(lines.contains { $0.contains("storage full") })
        #expect(lines.contains { $0.contains("write") && $0.contains("outbox.json") && $0.hasSuffix(": no space") })
        #expect(lines.contains { $0.contains("save failed outbox = \"message ") })
        // Freed, the draft's failed save is tried again on its own (PersistentValue's backoff).
        #expect(lines.contains { $0.contains("storage freed") })
        #expect(lines.contains { $0.contains("ack draft@S1 = \"message ") })
    }

    @Test("an app that clears the draft although the outbox could not be saved loses the message, and is told so")
    func sendDespiteFailure() async throws {
        var bugs = ComposerApp.Bugs()
        bugs.clearsDraftWhenOutboxFails = true
        let outcome = try await Simulator(app: ComposerApp.app(bugs)).replay(sendWhileFull)
        let violation = try #require(outcome.violation)
        #expect(violation.kind == .removedBeforeSaved, "\(violation)")
        #expect(violation.message.hasPrefix("draft@S1 held the user's \"message "), "\(violation)")
        #expect(violation.message.contains("before outbox, which receives it, was saved"), "\(violation)")
    }

    @Test("while the storage is full the lesson's rule acknowledges nothing: the flush it stands for failed")
    func rulesWaitForRoom() async throws {
        let events: [SimulationEvent] = [
            .launch(.user), .advance(milliseconds: 100), .userAction(name: "type", scene: 1, seed: 1), .diskFull,
            .resignActive(scene: 1), .kill, .launch(.user), .advance(milliseconds: 100),
        ]
        let outcome = try await Simulator(app: ComposerApp.app()).replay(events)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        #expect(!outcome.trace.map(\.line).contains { $0.contains("ack by the inactive rule") })
    }

    @Test("an edit whose save failed and that no screen shows any more is not required by the liveness wait")
    func abandonedEditIsNotRequired() async throws {
        // The window closes while the storage is full: its draft could not be saved and is gone
        // with it. The final check frees the storage; nothing shows the draft any more.
        let events: [SimulationEvent] = [
            .launch(.user), .advance(milliseconds: 100), .userAction(name: "type", scene: 1, seed: 1), .diskFull,
            .disconnectScene(scene: 1),
        ]
        let outcome = try await Simulator(app: ComposerApp.app()).replay(events)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
    }

    @Test("the keychain and the app's off-device directories keep room; the rest of the disk does not")
    func offDeviceDirectoriesKeepRoom() {
        let context = RunContext(canaries: [], keepsTrace: false, offDeviceDirectories: ["/Keychain", "/App/server/"])
        #expect(context.isOffDevice("/Keychain"))
        #expect(context.isOffDevice("/Keychain/736563726574"))
        #expect(context.isOffDevice("/App/server/state.json"))
        #expect(!context.isOffDevice("/KeychainBackup/x"))
        #expect(!context.isOffDevice("/App/serverless.json"))
        #expect(!context.isOffDevice("/App/notes/a.json"))
    }

    @Test("the generator offers the storage filling up, then having room again, and the final check frees it")
    func generated() async {
        let summary = await Explorer(simulator: Simulator(app: ComposerApp.app())).explore(seed: 3, schedules: 60, depth: 40)
        #expect(summary.failure == nil, "\(summary.failure?.violation.description ?? "")")
        #expect(summary.eventCounts[.diskFull, default: 0] > 0)
    }
}
