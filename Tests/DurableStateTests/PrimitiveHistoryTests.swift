import DurableState
import Foundation
import Lifecycle
import LifelineHistory
import LifelineTestSupport
import Testing

private struct Window: Codable, Sendable, Equatable, HistoryFields {
    var query = ""
    var openList: String?
    var historyFields: [HistoryField] { [HistoryField("query", showing: query), HistoryField("open list", showing: openList)] }
}

private struct Plain: Codable, Sendable, Equatable {
    var page = 0
}

extension PreferenceKey where Value == Bool {
    fileprivate static let showsCovers = PreferenceKey("showsCovers", default: true)
}

/// The reports of DurableState's primitives on a file system that answers a history, as the
/// simulator's do: each test asserts the exact ordered log.
@MainActor
@Suite("Storage primitives report to the history")
struct PrimitiveHistoryTests {
    let directory = TemporaryDirectory()
    let clock = VirtualClock()
    let history = RecordingHistory()
    var storage: StorageEnvironment { StorageEnvironment(fileSystem: FaultyFileSystem(), history: history) }

    @Test("a persistent value reports what it loaded, records each change as an edit and acknowledges the value it says saved")
    func persistentValue() async {
        let storage = DurableValueStorage<String>(storage: storage, path: directory.file("draft.json"), clock: clock)
        let scope = TaskScope(name: "test", tracker: WorkTracker())
        let scene = SceneSessionID("S1")
        let draft = PersistentValue(
            initialValue: "", storage: storage, clock: clock, scope: scope, name: "draft", history: .key("draft", scene: scene))
        await draft.hydrate()
        draft.value = "mi"
        draft.value = "milk"
        clock.advance(by: .milliseconds(300))
        for _ in 0..<100 where draft.saveState != .saved(generation: 2) { await Task.yield() }
        #expect(draft.saveState == .saved(generation: 2))
        #expect(history.log == [
            "loaded draft@S1 = nil", "edit draft@S1 = \"mi\" (durable)", "edit draft@S1 = \"milk\" (durable)",
            "saved draft@S1 = \"milk\"",
        ])
    }

    @Test("a persistent value acknowledges only the newest value: a save overtaken by a change says nothing")
    func persistentValueOvertaken() async {
        let storage = GatedStorage()
        storage.storageHistory = history
        let scope = TaskScope(name: "test", tracker: WorkTracker())
        let cart = PersistentValue(
            initialValue: Cart(), storage: storage, clock: clock, scope: scope, name: "cart",
            history: .automatic)
        await cart.hydrate()
        cart.value = Cart(lines: ["a"])
        cart.flush()
        for _ in 0..<100 where storage.pendingSaves == 0 { await Task.yield() }
        cart.value = Cart(lines: ["a", "b"])
        cart.flush()
        storage.openGate()
        for _ in 0..<100 where cart.saveState != .saved(generation: 2) { await Task.yield() }
        #expect(cart.saveState == .saved(generation: 2))
        #expect(history.log == [
            "default cart = \"Cart(lines: [])\"", "loaded cart = \"Cart(lines: [])\"", "edit cart = \"Cart(lines: [\"a\"])\" (durable)",
            "edit cart = \"Cart(lines: [\"a\", \"b\"])\" (durable)", "saved cart = \"Cart(lines: [\"a\", \"b\"])\"",
        ])
    }

    @Test("a persistent value with history off, or over storage without a file system, reports nothing")
    func persistentValueSilent() async {
        let scope = TaskScope(name: "test", tracker: WorkTracker())
        let off = PersistentValue(
            initialValue: "", storage: DurableValueStorage<String>(storage: storage, path: directory.file("a.json"), clock: clock),
            clock: clock, scope: scope, name: "a", history: .off)
        let elsewhere = PersistentValue(initialValue: Cart(), storage: RecordingStorage(), clock: clock, scope: scope, name: "cart")
        await off.hydrate()
        await elsewhere.hydrate()
        off.value = "x"
        elsewhere.value = Cart(lines: ["y"])
        clock.advance(by: .seconds(1))
        for _ in 0..<20 { await Task.yield() }
        #expect(history.log.isEmpty)
    }

    @Test("a document reports what it loaded, records an edit before each save and acknowledges it after; a failed save stays unacknowledged")
    func document() throws {
        let faulty = FaultyFileSystem()
        let lists = DocumentStore(
            storage: StorageEnvironment(fileSystem: faulty, history: history), path: directory.file("lists.json"),
            defaultValue: [String](), clock: clock, history: .key("lists"))
        try lists.save(["Groceries"])
        faulty.fail(.rename)
        #expect(throws: DurableStoreError.self) { try lists.save(["Groceries", "Books"]) }
        try lists.remove()
        #expect(history.log == [
            "loaded lists = nil", "will save lists = \"Groceries\" (durable)", "saved lists = \"Groceries\"",
            "will save lists = \"Groceries, Books\" (durable)", "failed to save lists = \"Groceries, Books\"",
            "will save lists = nil (durable)", "saved lists = nil",
        ])
    }

    @Test("a document reports under its path unless the app names it")
    func documentPath() throws {
        let path = directory.file("plain.json")
        let store = DocumentStore(storage: storage, path: path, defaultValue: Plain(), clock: clock)
        try store.save(Plain(page: 3))
        #expect(history.log == [
            "default \(path) = \"Plain(page: 0)\"", "loaded \(path) = \"Plain(page: 0)\"", "will save \(path) = \"Plain(page: 3)\" (durable)",
            "saved \(path) = \"Plain(page: 3)\"",
        ])
    }

    @Test("preferences report each key under its name (after the recording's), its default and its first read once")
    func preferences() throws {
        let preferences = Preferences(storage: storage, directory: directory.path, clock: clock, history: .key("settings"))
        _ = preferences[.showsCovers]
        _ = preferences[.showsCovers]
        try preferences.set(false, for: .showsCovers)
        try preferences.removeValue(for: .showsCovers)
        #expect(history.log == [
            "default settings.showsCovers = \"true\"", "loaded settings.showsCovers = \"true\"", "will save settings.showsCovers = \"false\" (durable)",
            "saved settings.showsCovers = \"false\"", "will save settings.showsCovers = \"true\" (durable)",
            "saved settings.showsCovers = \"true\"",
        ])
    }

    @Test("a remote record reports the value once the service stored it, and not its bookkeeping")
    func remoteRecord() async {
        let preferences = Preferences(storage: storage, directory: directory.path, clock: clock)
        let sync = RemoteRecordSync(service: FakeCartService(), preferences: preferences, name: "cart", isEmpty: { $0.lines.isEmpty }) {
            "request-1"
        }
        let scope = TaskScope(name: "test", tracker: WorkTracker())
        let cart = PersistentValue(initialValue: Cart(), storage: sync, clock: clock, scope: scope, name: "cart")
        await cart.hydrate()
        cart.value = Cart(lines: ["a"])
        cart.flush()
        for _ in 0..<100 where cart.saveState != .saved(generation: 1) { await Task.yield() }
        #expect(sync.recordID == "cart-1")
        #expect(history.log == [
            "default cart = \"Cart(lines: [])\"", "loaded cart = \"Cart(lines: [])\"", "edit cart = \"Cart(lines: [\"a\"])\" (durable)",
            "saved cart = \"Cart(lines: [\"a\"])\"",
        ])
    }

    @Test("the restoration store reports restorable state field by field, in the scene's keys")
    func restoration() throws {
        let store = RestorationStore(storage: storage, directory: directory.path, clock: clock)
        let schema = RestorationSchema<Window>(default: Window())
        let plain = RestorationSchema<Plain>(default: Plain())
        let scene = SceneSessionID("S1")
        _ = store.restoreScene(for: scene, schema: schema)
        try store.saveScene(Window(query: "austen", openList: "Books"), for: scene, schema: schema)
        try store.saveApplication(Plain(page: 2), schema: plain)
        #expect(history.log == [
            "will save query@S1 = \"austen\" (restorable)", "will save open list@S1 = \"Books\" (restorable)",
            "saved query@S1 = \"austen\"", "saved open list@S1 = \"Books\"",
            "default restoration = \"Plain(page: 0)\"", "will save restoration = \"Plain(page: 2)\" (restorable)",
            "saved restoration = \"Plain(page: 2)\"",
        ])
    }
}
