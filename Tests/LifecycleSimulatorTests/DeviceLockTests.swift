import Foundation
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

    @Test("Foundation-style files follow the class their write gave them: nil while closed, writes refused, new files per the class")
    func foundationFiles() throws {
        let lock = SimulatedDeviceLock()
        let files = SimulatedFiles(
            fileSystem: SimulatedDisk().mount(), history: nil, process: 1, protections: SimulatedFileProtections(lock: lock))
        let list = URL(filePath: "/Documents/list.json")
        let draft = URL(filePath: "/Documents/draft.json")
        try files.createDirectory(at: URL(filePath: "/Documents"), withIntermediateDirectories: true)
        try files.write(Data("[1]".utf8), to: list, options: [.atomic, .completeFileProtection])
        try files.write(Data("x".utf8), to: draft, options: [.atomic])
        lock.state = .locked
        #expect(files.contents(atPath: list.path) == nil)
        #expect(files.contents(atPath: draft.path) == Data("x".utf8))
        #expect(throws: FileSystemError.protectedDataUnavailable(
            ProtectedDataUnavailable(item: list.path, protection: .complete, access: .createNew, deviceState: .locked))
        ) {
            try files.write(Data("[]".utf8), to: list, options: [.atomic, .completeFileProtection])
        }
        try files.write(Data("[2]".utf8), to: URL(filePath: "/Documents/new.json"), options: [.atomic, .completeFileProtectionUnlessOpen])
        #expect(files.contents(atPath: "/Documents/new.json") == nil)
        lock.state = .beforeFirstUnlock
        #expect(files.contents(atPath: draft.path) == nil)
        lock.state = .unlocked
        #expect(files.contents(atPath: list.path) == Data("[1]".utf8))
        #expect(files.contents(atPath: "/Documents/new.json") == Data("[2]".utf8))
    }

    @Test("the device keychain with a when-unlocked class refuses the token while locked, and keeps it")
    func protectedKeychain() throws {
        let lock = SimulatedDeviceLock()
        let keychain = SimulatedSecretStore(fileSystem: SimulatedDisk().mount())
        let secrets = ProtectedSecretStore(base: keychain, protection: .complete, availability: lock)
        try secrets.setSecret(Secret("token"), for: "session")
        lock.state = .locked
        #expect(throws: SecretStoreError.protectedDataUnavailable(
            ProtectedDataUnavailable(item: "session", protection: .complete, access: .openExisting, deviceState: .locked))
        ) {
            try secrets.secret(for: "session")
        }
        #expect(try keychain.secret(for: "session")?.revealed == "token")
        let afterFirstUnlock = ProtectedSecretStore(base: keychain, protection: .completeUntilFirstUserAuthentication, availability: lock)
        #expect(try afterFirstUnlock.secret(for: "session")?.revealed == "token")
    }

    @Test("the search with device locks finds an app that shows what it could not read before the first unlock, shrunk to a few events")
    func findsDefaultShownAfterLockedLaunch() async throws {
        let summary = await Explorer(simulator: Simulator(app: ComposerApp.app(), options: locking)).explore(seed: 1, schedules: 300)
        let failure = try #require(summary.failure)
        #expect(failure.events.contains(.reboot), "\(failure.events)")
        #expect(failure.events.count <= 10, "\(failure.events)")
    }
}
