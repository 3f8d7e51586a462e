import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator
import Testing

private struct Draft: Codable, Sendable, Equatable {
    var text: String
    var revision: Int
}

private struct SceneBookmark: Codable, Sendable, Equatable {
    var bookID: String?
    var page: Int
}

extension PreferenceKey where Value == String {
    fileprivate static let theme = PreferenceKey("theme", default: "system")
}

/// What one crash-state run covered.
private struct CrashCoverage {
    var crashPoints = 0
    var statesChecked = 0
    var acknowledgedStates = 0
}

/// Runs `save` once per crash point — the incarnation is killed before its 0th, 1st, 2nd…
/// operation, until a run completes — and checks every state a kill or a power loss could
/// leave: `read` in a fresh incarnation must give `old` or `new`, and only `new` once the save
/// reported success.
@MainActor
private func checkEveryCrashState<Value: Equatable>(
    old: Value,
    new: Value,
    setUp: (any FileSystem, VirtualClock) async throws -> Void,
    save: (any FileSystem, VirtualClock) async -> Bool,
    read: (any FileSystem, VirtualClock) async -> Value?
) async throws -> CrashCoverage {
    let prepared = SimulatedDisk()
    try await setUp(prepared.mount(), VirtualClock())
    #expect(prepared.pendingOperations.isEmpty, "the set-up left unsynced operations")
    let base = prepared.currentImage
    #expect(await read(SimulatedDisk(image: base).mount(), VirtualClock()) == old, "the set-up did not store the old value")

    var coverage = CrashCoverage()
    for crashPoint in 0..<200 {
        let disk = SimulatedDisk(image: base)
        let view = disk.mount()
        disk.kill(view, afterOperations: crashPoint)
        let acknowledged = await save(view, VirtualClock())
        coverage.crashPoints += 1
        var states = try disk.possiblePowerLossImages()
        states.insert(disk.currentImage)
        for state in states {
            let recovered = await read(SimulatedDisk(image: state).mount(), VirtualClock())
            coverage.statesChecked += 1
            if acknowledged {
                coverage.acknowledgedStates += 1
                #expect(recovered == new, "crash point \(crashPoint): an acknowledged save was lost in \(state)")
            } else {
                #expect(recovered == old || recovered == new, "crash point \(crashPoint): recovered neither old nor new from \(state)")
            }
        }
        if !disk.isFenced(view) { return coverage }
    }
    Issue.record("the save never completed")
    return coverage
}

@MainActor
@Suite("Durable saves under every crash state")
struct DiskCrashStateTests {
    fileprivate static let documentPath = "/app/Documents/draft.doc"
    fileprivate static let oldDraft = Draft(text: "old text", revision: 1)
    fileprivate static let newDraft = Draft(text: "new text, longer than the old one", revision: 2)

    fileprivate static func documents(_ fileSystem: any FileSystem, _ clock: VirtualClock) -> DocumentStore<Draft> {
        DocumentStore(storage: StorageEnvironment(fileSystem: fileSystem), path: documentPath, defaultValue: Draft(text: "", revision: 0), clock: clock)
    }

    @Test("a document save recovers to the old or the new draft, never a mix or nothing")
    func documentSave() async throws {
        let coverage = try await checkEveryCrashState(
            old: Self.oldDraft, new: Self.newDraft,
            setUp: { fileSystem, clock in
                try Self.documents(fileSystem, clock).save(Draft(text: "older", revision: 0))
                try Self.documents(fileSystem, clock).save(Self.oldDraft)
            },
            save: { fileSystem, clock in (try? Self.documents(fileSystem, clock).save(Self.newDraft)) != nil },
            read: { fileSystem, clock in Self.documents(fileSystem, clock).load().value })
        #expect(coverage.crashPoints >= 6)
        #expect(coverage.statesChecked >= 15)
        #expect(coverage.acknowledgedStates >= 1)
    }

    @Test("the first document save recovers to nothing stored or the new draft")
    func firstDocumentSave() async throws {
        _ = try await checkEveryCrashState(
            old: Draft(text: "", revision: 0), new: Self.newDraft,
            setUp: { _, _ in },
            save: { fileSystem, clock in (try? Self.documents(fileSystem, clock).save(Self.newDraft)) != nil },
            read: { fileSystem, clock in Self.documents(fileSystem, clock).load().value })
    }

    @Test("a preferences write recovers to the old or the new value")
    func preferencesSave() async throws {
        func open(_ fileSystem: any FileSystem, _ clock: VirtualClock) -> Preferences {
            Preferences(storage: StorageEnvironment(fileSystem: fileSystem), directory: "/app/Library/Preferences", clock: clock)
        }
        _ = try await checkEveryCrashState(
            old: "dark", new: "light",
            setUp: { fileSystem, clock in try open(fileSystem, clock).set("dark", for: .theme) },
            save: { fileSystem, clock in (try? open(fileSystem, clock).set("light", for: .theme)) != nil },
            read: { fileSystem, clock in open(fileSystem, clock)[.theme] })
    }

    @Test("a restoration save recovers to the old or the new scene state")
    func restorationSave() async throws {
        let schema = RestorationSchema(default: SceneBookmark(bookID: nil, page: 0))
        let scene = SceneSessionID("window-1")
        func open(_ fileSystem: any FileSystem, _ clock: VirtualClock) -> RestorationStore {
            RestorationStore(storage: StorageEnvironment(fileSystem: fileSystem), directory: "/app/Library/Restoration", clock: clock)
        }
        _ = try await checkEveryCrashState(
            old: SceneBookmark(bookID: "dune", page: 10), new: SceneBookmark(bookID: "emma", page: 3),
            setUp: { fileSystem, clock in
                let store = open(fileSystem, clock)
                store.markLaunchFinished()
                try store.saveScene(SceneBookmark(bookID: "dune", page: 10), for: scene, schema: schema)
            },
            save: { fileSystem, clock in
                (try? open(fileSystem, clock).saveScene(SceneBookmark(bookID: "emma", page: 3), for: scene, schema: schema)) != nil
            },
            read: { fileSystem, clock in open(fileSystem, clock).restoreScene(for: scene, schema: schema).state })
    }

    @Test("a persistent value's flush recovers to the old or the new value, and saved means durable")
    func persistentValueSave() async throws {
        func make(_ fileSystem: any FileSystem, _ clock: VirtualClock) -> PersistentValue<[String]> {
            let storage = DurableValueStorage<[String]>(storage: StorageEnvironment(fileSystem: fileSystem), path: "/app/Library/cart.json", clock: clock)
            return PersistentValue(initialValue: [], storage: storage, clock: clock,
                                   scope: TaskScope(name: "test", tracker: WorkTracker()), name: "cart")
        }
        _ = try await checkEveryCrashState(
            old: ["pizza"], new: ["pizza", "cola"],
            setUp: { fileSystem, clock in
                let cart = make(fileSystem, clock)
                await cart.hydrate()
                cart.value = ["pizza"]
                clock.advance(by: .milliseconds(300))
            },
            save: { fileSystem, clock in
                let cart = make(fileSystem, clock)
                guard await cart.hydrate() == .loaded else { return false }
                cart.value.append("cola")
                cart.flush()
                return cart.saveState == .saved(generation: 1)
            },
            read: { fileSystem, clock in
                try? DurableValueStorage<[String]>(storage: StorageEnvironment(fileSystem: fileSystem), path: "/app/Library/cart.json", clock: clock).loadNow()
            })
    }

    /// The recipe without its last step, as swift-sharing and Foundation's `.atomic` write do it.
    private static func replaceWithoutDirectorySync(_ data: Data, path: String, fileSystem: any FileSystem) throws(FileSystemError) {
        let temporary = path + ".tmp"
        try fileSystem.writeFile(data, to: temporary, permissions: 0o644)
        try fileSystem.syncFile(at: temporary)
        try fileSystem.rename(from: temporary, to: path)
    }

    @Test("the same recipe without the directory sync fails: a state exists where the acknowledged rename is lost")
    func missingDirectorySyncLosesRename() throws {
        let oldBytes = Data("old".utf8)
        let newBytes = Data("new".utf8)
        let disk = SimulatedDisk(image: DiskImage(files: ["/app/doc": .init(data: oldBytes)]))
        try Self.replaceWithoutDirectorySync(newBytes, path: "/app/doc", fileSystem: disk.mount())
        let states = try disk.possiblePowerLossImages()
        #expect(states.contains { $0.data(at: "/app/doc") == oldBytes }, "no lost-rename state: the model is too kind")
        #expect(disk.powerLossImage(policy: .renameLostWithoutDirectorySync, seed: 0).data(at: "/app/doc") == oldBytes)

        let correct = SimulatedDisk(image: DiskImage(files: ["/app/doc": .init(data: oldBytes)]))
        try DurableFile(fileSystem: correct.mount(), path: "/app/doc").replace(with: newBytes)
        #expect(try correct.possiblePowerLossImages().allSatisfy { $0.data(at: "/app/doc") == newBytes })
    }

    @Test("the recipe without the file sync fails too: a state exists with an empty target")
    func missingFileSyncLeavesEmptyFile() throws {
        let disk = SimulatedDisk(image: DiskImage(files: ["/app/doc": .init(data: Data("old".utf8))]))
        let fileSystem = disk.mount()
        try fileSystem.writeFile(Data("new".utf8), to: "/app/doc.tmp", permissions: 0o644)
        try fileSystem.rename(from: "/app/doc.tmp", to: "/app/doc")
        try fileSystem.syncDirectory(at: "/app")
        #expect(try disk.possiblePowerLossImages().contains { $0.data(at: "/app/doc") == Data() })
    }

    @Test(
        "corrupt files on the simulated disk are quarantined, never lost",
        arguments: ["truncated", "random", "newer schema", "oversized"]
    )
    func corruptInput(damage: String) throws {
        let disk = SimulatedDisk()
        let clock = VirtualClock()
        try Self.documents(disk.mount(), clock).save(Self.oldDraft)
        let good = try #require(disk.currentImage.data(at: Self.documentPath))
        let damaged: Data = switch damage {
        case "truncated": good.prefix(good.count / 2)
        case "random": Data((0..<80).map { UInt8(truncatingIfNeeded: $0 &* 211 &+ 7) })
        case "newer schema": try StoredCodec(schema: StoredSchema(version: 5), sizeLimit: 1 << 20).encode(Self.newDraft, writtenAt: clock.date)
        default: good + Data(count: 5 << 20)
        }
        disk.tamper(path: Self.documentPath, data: damaged)
        let loaded = Self.documents(disk.mount(), clock).load()
        #expect(loaded.source == .defaultValue)
        #expect(loaded.issues.count == 1)
        let kept = disk.currentImage.files.filter { $0.key.contains(".corrupt-") }
        #expect(kept.values.map(\.data) == [damaged])
    }
}
