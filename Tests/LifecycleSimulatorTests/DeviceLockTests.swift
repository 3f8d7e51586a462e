import DurableState
import Lifecycle
@testable import LifecycleSimulator
import Testing

@Suite("The device's locks")
@MainActor
struct DeviceLockTests {
    var locking: SimulationOptions {
        var options = SimulationOptions()
        options.deviceLocks = true
        return options
    }

    @Test("locking sends the foreground scene to the background, tells the app, then closes protected data; a suspended app is not woken by the unlock")
    func lockAndUnlock() async throws {
        let events: [SimulationEvent] = [
            .launch(.user), .advance(milliseconds: 100), .userAction(name: "type", scene: 1, seed: 1), .lock, .unlock,
            .enterForeground(scene: 1), .activate(scene: 1),
        ]
        let outcome = try await Simulator(app: ComposerApp.app(), options: locking).replay(events)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        let lines = outcome.trace.map(\.line)
        let background = try #require(lines.firstIndex { $0.contains("didEnterBackground") })
        let willClose = try #require(lines.firstIndex { $0.contains("protectedDataWillBecomeUnavailable") })
        let locked = try #require(lines.firstIndex { $0.contains("device locked") })
        let unlocked = try #require(lines.firstIndex { $0.contains("device unlocked") })
        #expect(background < willClose && willClose < locked && locked < unlocked)
        // Suspended once its background work ended, the app hears of the unlock only as it comes back.
        #expect(!lines.contains { $0.contains("protectedDataDidBecomeAvailable") })
    }

    @Test("while locked the user cannot open or use the app, nor lock it again; unlock needs a locked device")
    func refusals() {
        var device = DeviceState(slots: Array(repeating: DeviceState.Slot(), count: 4), actionNames: [], linkCount: 0, mutationCount: 0)
        #expect(device.refusal(of: .unlock) == .deviceUnlocked)
        #expect(device.refusal(of: .lock) == nil)
        #expect(device.refusal(of: .prewarm) == nil)
        device.lockState = .beforeFirstUnlock
        #expect(device.refusal(of: .launch(.user)) == .deviceLocked(.beforeFirstUnlock))
        #expect(device.refusal(of: .lock) == .deviceLocked(.beforeFirstUnlock))
        #expect(device.refusal(of: .unlock) == nil)
        #expect(device.refusal(of: .reboot) == nil)
        #expect(device.refusal(of: .silentPush) == nil)
        #expect(device.refusal(of: .prewarm) == nil)
        device.process = .suspended
        #expect(device.refusal(of: .prewarm) == .processAlive(suspended: true))
        #expect(device.refusal(of: .connectScene(scene: 1, foreground: true, restoration: nil)) == .deviceLocked(.beforeFirstUnlock))
        #expect(device.refusal(of: .connectScene(scene: 1, foreground: false, restoration: nil)) == nil)
    }

    @Test("a reboot kills the process and leaves the device before its first unlock; a prewarm launches with no scene")
    func rebootAndPrewarm() async throws {
        let events: [SimulationEvent] = [.launch(.user), .advance(milliseconds: 100), .reboot, .prewarm, .advance(milliseconds: 100)]
        let outcome = try await Simulator(app: ComposerApp.app(), options: locking).replay(events)
        let lines = outcome.trace.map(\.line)
        #expect(lines.contains { $0.contains("the device rebooted") })
        #expect(lines.contains { $0.contains("device locked since it booted") })
        #expect(lines.contains { $0.contains("launch #2 (prewarm)") })
        #expect(!lines.contains { $0.contains("launch #2") && $0.contains("connect") })
    }

    @Test("the events describe themselves, digest apart and belong to the device-lock kind")
    func events() {
        let events: [SimulationEvent] = [.lock, .unlock, .reboot, .prewarm]
        #expect(events.map(\.description) == ["lock", "unlock", "reboot", "prewarm"])
        #expect(events.map(\.swiftLiteral) == [".lock", ".unlock", ".reboot", ".prewarm"])
        #expect(events.allSatisfy { $0.kind == .deviceLock })
        let digests = events.map { event in
            var hash = FNV1a64()
            event.digest(into: &hash)
            return hash.value
        }
        #expect(Set(digests).count == 4)
    }

    @Test("the default search never locks the device; with device locks it does")
    func behindTheOption() async {
        #expect(!SimulationOptions().swarmKinds.contains(.deviceLock))
        #expect(locking.swarmKinds.contains(.deviceLock))
        let plain = await Explorer(simulator: Simulator(app: ComposerApp.app())).explore(seed: 3, schedules: 30, depth: 30)
        #expect(plain.eventCounts[.deviceLock, default: 0] == 0)
        let locked = await Explorer(simulator: Simulator(app: ComposerApp.app(), options: locking)).explore(seed: 3, schedules: 60, depth: 40)
        #expect(locked.eventCounts[.deviceLock, default: 0] > 0)
    }
}
