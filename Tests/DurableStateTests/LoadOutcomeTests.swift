import DurableState
import Foundation
import LifelineTestSupport
import Lifecycle
import Testing

/// What a load found, as a value an app can show (``LoadOutcome``): the latest copy, an older
/// generation, a fresh start after damage, a file unreadable now; and the edges around it —
/// quarantined copies that do not pile up, small files never made to read a huge one.
@MainActor
@Suite("Load outcomes")
struct LoadOutcomeTests {
    let directory = TemporaryDirectory()
    let clock = VirtualClock()
    var path: String { directory.file("cart.doc") }

    func store(_ fileSystem: any FileSystem = POSIXFileSystem(), sizeLimit: Int = 4096) -> DocumentStore<Note> {
        DocumentStore(storage: StorageEnvironment(fileSystem: fileSystem), path: path, defaultValue: Note(title: "", body: ""), sizeLimit: sizeLimit, clock: clock)
    }

    func damage(_ path: String) throws {
        try Data("not a document".utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test("the latest copy, or nothing stored yet, is loaded")
    func loaded() throws {
        #expect(store().load().outcome == .loaded)
        try store().save(Note(title: "a", body: "b"))
        #expect(store().load().outcome == .loaded)
    }

    @Test("a damaged latest copy with an earlier generation: restored from it, and where the damaged copy is kept")
    func olderGeneration() throws {
        let first = store()
        try first.save(Note(title: "first", body: ""))
        clock.advance(by: .seconds(60))
        try first.save(Note(title: "second", body: ""))
        try damage(path)
        let loaded = store().load()
        #expect(loaded.value.title == "first")
        guard case .restoredOlderGeneration(let writtenAt, _) = loaded.outcome else {
            Issue.record("\(loaded.outcome)")
            return
        }
        #expect(writtenAt == clock.date.addingTimeInterval(-60))
        #expect(loaded.outcome.quarantinedPaths.count == 1)
        #expect(loaded.outcome.quarantinedPaths.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    }

    @Test("damage with no earlier generation: started empty, the damaged copy kept")
    func startedEmpty() throws {
        try damage(path)
        let loaded = store().load()
        guard case .startedEmpty = loaded.outcome else {
            Issue.record("\(loaded.outcome)")
            return
        }
        #expect(loaded.value == Note(title: "", body: ""))
        #expect(loaded.outcome.quarantinedPaths.first?.hasPrefix(path + Quarantine.marker) == true)
    }

    @Test("a file that cannot be read now: unreadable, and a save does not write over it")
    func unreadable() throws {
        try HostileFiles.plantFIFO(at: path)
        let store = store()
        #expect(store.load().outcome == .unreadable(path: path, cause: .notRegularFile(path)))
        #expect(throws: DurableStoreError.self) { try store.save(Note(title: "over it", body: "")) }
        #expect(HostileFiles.isFIFO(path))
    }

    @Test("a file damaged at every launch keeps only its newest three copies; the outcome names those deleted")
    func quarantinedCopiesDoNotPileUp() throws {
        var removed: [String] = []
        for launch in 1...5 {
            try damage(path)
            clock.advance(by: .seconds(1))
            let outcome = store().load().outcome
            #expect(outcome.quarantinedPaths.count == 1, "launch \(launch)")
            removed += outcome.removedCopies
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(Quarantine.marker) }
        #expect(kept.count == Quarantine.keptCopies, "\(kept)")
        #expect(removed.count == 2)
        #expect(removed.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        #expect(Set(kept.map { directory.file($0) }).isDisjoint(with: removed))
    }

    @Test("a file over the size limit is not read: the store gets its size, not its bytes, and moves it aside")
    func oversizedFileIsNotRead() throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 50 * 1024 * 1024)
        try handle.close()
        let reads = ReadCountingFileSystem()
        let loaded = store(reads, sizeLimit: 1024).load()
        #expect(reads.largestRead <= 1024, "a 50 MB file was read to find it was over 1 KiB")
        guard case .startedEmpty(let problems) = loaded.outcome, case .quarantined(_, _, .oversized(let bytes, 1024))? = problems.first else {
            Issue.record("\(loaded.outcome)")
            return
        }
        #expect(bytes == 50 * 1024 * 1024)
    }

    @Test("a persistent value says what its hydration found, and refuses an edit over its file's limit")
    func persistentValue() async throws {
        try damage(path)
        let runtime = LifecycleRuntime(clock: clock)
        let value = PersistentValue(
            initialValue: "", storage: DurableValueStorage<String>(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), path: path, sizeLimit: 1024, clock: clock),
            clock: clock, scope: runtime.applicationScope, name: "draft")
        await value.hydrate()
        guard case .startedEmpty = value.loadOutcome else {
            Issue.record("\(value.loadOutcome)")
            return
        }
        try value.update("short")
        #expect(value.value == "short")
        #expect(throws: ValueStorageError.store(.tooLarge(bytes: 2_028, limit: 1024))) { try value.update(String(repeating: "x", count: 2_000)) }
        #expect(value.value == "short")
    }
}
