import DurableState
import Foundation
import Lifecycle
import LifelineHistory
import Testing

struct Cart: Codable, Sendable, Equatable {
    var lines: [String] = []
}

/// A storage that completes at once, records saves, and fails on demand.
@MainActor
final class RecordingStorage: ValueStorage {
    var stored: Cart?
    var saves: [Cart] = []
    var loadError: ValueStorageError?
    var failuresLeft = 0
    /// What a failing save throws: by default the disk full, before anything was written.
    var failure = ValueStorageError.store(.write(DurableWriteError(step: .writeTemporary, path: "/cart", cause: .noSpace("/cart"))))

    init(stored: Cart? = nil) {
        self.stored = stored
    }

    func load() async throws(ValueStorageError) -> Cart? {
        if let loadError { throw loadError }
        return stored
    }

    func save(_ value: Cart) async throws(ValueStorageError) {
        if failuresLeft > 0 {
            failuresLeft -= 1
            throw failure
        }
        saves.append(value)
        stored = value
    }
}

/// A storage whose saves wait until the test opens the gate (a network call in flight).
@MainActor
final class GatedStorage: ValueStorage {
    var stored: Cart?
    var saveCount = 0
    /// Where a persistent value over this storage reports (none unless a test sets one).
    var storageHistory: (any StorageHistory)?
    /// Once set, saves no longer wait.
    var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    var pendingSaves: Int { waiting.count }

    func load() async throws(ValueStorageError) -> Cart? { stored }

    func save(_ value: Cart) async throws(ValueStorageError) {
        saveCount += 1
        if !isOpen { await withCheckedContinuation { waiting.append($0) } }
        stored = value
    }

    /// Lets every waiting save finish, and the following ones run without waiting.
    func openGate() {
        isOpen = true
        let all = waiting
        waiting.removeAll()
        for continuation in all { continuation.resume() }
    }
}

@MainActor
// A hang is caught within three minutes; one minute was too short when the main actor is shared
// with the long simulation suites on a loaded 2-core machine.
@Suite("PersistentValue", .timeLimit(.minutes(3)))
struct PersistentValueTests {
    let clock = VirtualClock()
    let scope = TaskScope(name: "test", tracker: WorkTracker())

    func make(_ storage: some ValueStorage<Cart>, logs: MemoryLogSink = MemoryLogSink()) -> PersistentValue<Cart> {
        PersistentValue(initialValue: Cart(), storage: storage, clock: clock, scope: scope, name: "cart",
                        logger: LifelineLogger(category: "test", sink: logs))
    }

    @Test("1,000 rapid changes inside one debounce window are saved once, 300 ms after the last")
    func debounce() async {
        let storage = RecordingStorage()
        let cart = make(storage)
        await cart.hydrate()
        for index in 0..<1000 {
            cart.value.lines.append("item \(index)")
            clock.advance(by: .microseconds(200))
        }
        #expect(storage.saves.isEmpty)
        #expect(cart.saveState == .pending)
        clock.advance(by: .milliseconds(299))
        #expect(storage.saves.isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(storage.saves.count == 1)
        #expect(storage.saves.last?.lines.count == 1000)
        #expect(cart.saveState == .saved(generation: 1000))
    }

    @Test("nothing is written before hydration, and the empty in-memory value never overwrites the saved one")
    func hydrationGuard() async {
        let storage = RecordingStorage(stored: Cart(lines: ["pizza"]))
        let cart = make(storage)
        cart.flush()
        cart.value = Cart()
        clock.advance(by: .seconds(5))
        cart.flush()
        #expect(storage.saves.isEmpty)
        #expect(cart.saveState == .idle)
        #expect(await cart.hydrate() == .loaded)
        #expect(cart.value == Cart(lines: ["pizza"]))
        cart.flush()
        clock.advance(by: .seconds(5))
        #expect(storage.saves.isEmpty)
        #expect(storage.stored == Cart(lines: ["pizza"]))
    }

    @Test("with nothing stored, changes made before hydration are saved after it")
    func changesBeforeHydrationWithNothingStored() async {
        let storage = RecordingStorage()
        let cart = make(storage)
        cart.value.lines = ["early"]
        #expect(await cart.hydrate() == .nothingStored)
        clock.advance(by: .milliseconds(300))
        #expect(storage.saves == [Cart(lines: ["early"])])
    }

    @Test("a failed load keeps the guard until a later hydration succeeds")
    func failedHydration() async {
        let storage = RecordingStorage(stored: Cart(lines: ["kept"]))
        storage.loadError = .remote(.unavailable(reason: "offline"))
        let cart = make(storage)
        #expect(await cart.hydrate() == .failed(.remote(.unavailable(reason: "offline"))))
        cart.value = Cart()
        cart.flush()
        clock.advance(by: .seconds(1))
        #expect(storage.saves.isEmpty)
        storage.loadError = nil
        #expect(await cart.hydrate() == .loaded)
        #expect(cart.value == Cart(lines: ["kept"]))
    }

    @Test("flush saves at once and cancels the pending debounce: one save, not two")
    func flush() async {
        let storage = RecordingStorage()
        let cart = make(storage)
        await cart.hydrate()
        cart.value.lines.append("a")
        var completed: SaveState?
        cart.flush { completed = $0 }
        #expect(storage.saves.count == 1)
        #expect(completed == .saved(generation: 1))
        clock.advance(by: .seconds(1))
        #expect(storage.saves.count == 1)
    }

    @Test("save states go pending, saving, then saved; changes during a save are saved after it")
    func saveStates() async {
        let storage = GatedStorage()
        let cart = make(storage)
        var states: [SaveState] = []
        cart.addSaveStateObserver { states.append($0) }
        await cart.hydrate()
        cart.value.lines = ["a"]
        cart.flush()
        #expect(cart.saveState == .saving)
        cart.value.lines = ["a", "b"]
        cart.flush()
        #expect(storage.pendingSaves == 1)
        let final: SaveState = await withCheckedContinuation { continuation in
            cart.flush { continuation.resume(returning: $0) }
            storage.openGate()
        }
        #expect(final == .saved(generation: 2))
        #expect(storage.saveCount == 2)
        #expect(storage.stored == Cart(lines: ["a", "b"]))
        #expect(states == [.pending, .saving, .saved(generation: 2)])
    }

    @Test("a failed save is logged without the value and retried on the next change")
    func failureAndRetry() async {
        let storage = RecordingStorage()
        storage.failuresLeft = 1
        let logs = MemoryLogSink()
        let cart = make(storage, logs: logs)
        await cart.hydrate()
        cart.value.lines = ["secret pizza"]
        clock.advance(by: .milliseconds(300))
        guard case .failed = cart.saveState else {
            Issue.record("expected a failure, got \(cart.saveState)")
            return
        }
        #expect(logs.records.contains { $0.level == .error && $0.message.contains("cart") })
        #expect(!logs.records.contains { $0.message.contains("secret pizza") })
        cart.value.lines.append("more")
        #expect(cart.saveState == .pending)
        clock.advance(by: .milliseconds(300))
        #expect(storage.saves == [Cart(lines: ["secret pizza", "more"])])
        #expect(cart.saveState == .saved(generation: 2))
    }

    @Test("a save that failed for a cause that may pass is tried again on its own: after 1 s, 2 s, 4 s, until it succeeds")
    func retriedAfterBackoff() async {
        let storage = RecordingStorage()
        storage.failuresLeft = 3
        let cart = make(storage)
        await cart.hydrate()
        cart.value.lines = ["pizza"]
        clock.advance(by: .milliseconds(300))           // the debounced save fails
        #expect(cart.saveAttempts == 1)
        clock.advance(by: .milliseconds(999))
        #expect(cart.saveAttempts == 1)
        clock.advance(by: .milliseconds(1))             // 1 s after the first failure
        #expect(cart.saveAttempts == 2)
        clock.advance(by: .seconds(2))                  // 2 s after the second
        #expect(cart.saveAttempts == 3)
        clock.advance(by: .seconds(4))                  // 4 s after the third: it succeeds
        #expect(cart.saveAttempts == 4)
        #expect(storage.saves == [Cart(lines: ["pizza"])])
        #expect(cart.saveState == .saved(generation: 1))
        clock.advance(by: .seconds(60))
        #expect(cart.saveAttempts == 4, "nothing left to retry")
    }

    @Test("a value that cannot be stored is not tried again on its own; without a backoff nothing is")
    func notRetriedWhenItCannotPass() async {
        let storage = RecordingStorage()
        storage.failuresLeft = 1
        storage.failure = .store(.tooLarge(bytes: 10, limit: 1))
        let cart = make(storage)
        await cart.hydrate()
        cart.value.lines = ["pizza"]
        clock.advance(by: .seconds(30))
        #expect(cart.saveAttempts == 1)
        let noRetry = RecordingStorage()
        noRetry.failuresLeft = 1
        let manual = PersistentValue(initialValue: Cart(), storage: noRetry, clock: clock, scope: scope, name: "cart", retry: nil)
        await manual.hydrate()
        manual.value.lines = ["cola"]
        clock.advance(by: .seconds(30))
        #expect(manual.saveAttempts == 1)
        manual.flush()
        #expect(noRetry.saves == [Cart(lines: ["cola"])], "the next flush still saves")
    }

    @Test("a scene resigning active flushes at once; background flushes again if needed")
    func sceneDeactivation() async throws {
        let storage = RecordingStorage()
        let cart = make(storage)
        await cart.hydrate()
        let runtime = LifecycleRuntime(clock: clock)
        try runtime.handle(.launch(LaunchOptions()))
        let session = SceneSession(id: SceneSessionID("main"))
        try runtime.handle(.connectScene(session, .none, foreground: true))
        try runtime.handle(.moveScene(session.id, to: .foregroundActive))
        let scene = try #require(runtime.scenes[session.id])
        cart.flushOnDeactivation(of: scene, runtime: runtime)
        cart.value.lines = ["pizza"]
        try runtime.handle(.moveScene(session.id, to: .foregroundInactive))
        #expect(storage.saves == [Cart(lines: ["pizza"])])
        #expect(runtime.extraTimeLeases.isEmpty)
        cart.value.lines = ["pizza", "cola"]
        try runtime.handle(.moveScene(session.id, to: .background))
        #expect(storage.saves.count == 2)
    }

    @Test("the application entering the background flushes under an extra-time lease until the save ends")
    func applicationBackgroundWithLease() async throws {
        let storage = GatedStorage()
        let cart = make(storage)
        await cart.hydrate()
        let runtime = LifecycleRuntime(clock: clock)
        try runtime.handle(.launch(LaunchOptions()))
        let session = SceneSession(id: SceneSessionID("main"))
        try runtime.handle(.connectScene(session, .none, foreground: true))
        cart.flushOnDeactivation(of: runtime)
        cart.value.lines = ["pizza"]
        try runtime.handle(.moveScene(session.id, to: .background))
        #expect(storage.pendingSaves == 1)
        #expect(runtime.extraTimeLeases.map(\.name) == ["flush cart"])
        let state: SaveState = await withCheckedContinuation { continuation in
            cart.flush { continuation.resume(returning: $0) }
            storage.openGate()
        }
        #expect(state == .saved(generation: 1))
        #expect(runtime.extraTimeLeases.isEmpty)
    }

    @Test("with the durable file storage, a debounced burst is one physical write")
    func durableStorage() async throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultyFileSystem()
        let storage = DurableValueStorage<Cart>(storage: StorageEnvironment(fileSystem: fileSystem), path: directory.file("cart.json"), clock: clock)
        let cart = make(storage)
        await cart.hydrate()
        fileSystem.clearLog()
        for index in 0..<50 { cart.value.lines.append("\(index)") }
        clock.advance(by: .milliseconds(300))
        #expect(fileSystem.log.filter { $0.hasPrefix("createNew") }.count == 1)
        let reloaded = DurableValueStorage<Cart>(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), path: directory.file("cart.json"), clock: clock)
        #expect(try reloaded.loadNow()?.lines.count == 50)
    }
}
