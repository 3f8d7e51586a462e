import DurableState
import Foundation
import Lifecycle
import Testing

struct ReaderState: Codable, Sendable, Equatable {
    var bookID: String?
    var page: Int = 0
}

private struct ReaderStateV0: Codable { var book: String }
private struct Canary: Codable, Sendable, SensitiveValue { var raw: String }
private struct LeakyState: Codable, Sendable { var token: Canary }

@MainActor
@Suite("RestorationStore")
struct RestorationStoreTests {
    let directory = TemporaryDirectory()
    let clock = VirtualClock()
    let knownBooks: Set<String> = ["dune", "emma"]

    var schema: RestorationSchema<ReaderState> {
        let known = knownBooks
        return RestorationSchema(
            version: 2,
            migrations: [.converting(from: 1, ReaderStateV0.self, to: ReaderState.self) { ReaderState(bookID: $0.book, page: 0) }],
            default: ReaderState(),
            validate: { state in
                guard state.page >= 0 else { return .invalid(message: "Your reading position could not be restored.") }
                guard let id = state.bookID, !known.contains(id) else { return .valid(state) }
                return .repaired(ReaderState(bookID: nil, page: 0), message: "The book you were reading is no longer available.")
            })
    }

    func open(maxUnfinishedLaunches: Int = 2) -> RestorationStore {
        RestorationStore(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), directory: directory.path,
                         maxUnfinishedLaunches: maxUnfinishedLaunches, clock: clock)
    }

    @Test("scene and application states round-trip and stay apart per session")
    func roundTrip() throws {
        let store = open()
        let first = SceneSessionID("scene/../one")
        let second = SceneSessionID("two")
        try store.saveScene(ReaderState(bookID: "dune", page: 3), for: first, schema: schema)
        try store.saveScene(ReaderState(bookID: "emma", page: 9), for: second, schema: schema)
        try store.saveApplication(ReaderState(bookID: nil, page: 1), schema: schema)
        let reopened = open()
        #expect(reopened.restoreScene(for: first, schema: schema).state == ReaderState(bookID: "dune", page: 3))
        #expect(reopened.restoreScene(for: second, schema: schema).state == ReaderState(bookID: "emma", page: 9))
        #expect(reopened.restoreApplication(schema: schema).state.page == 1)
        #expect(reopened.restoreScene(for: SceneSessionID("three"), schema: schema).outcome == .nothingStored)
        #expect(reopened.storedSceneIDs() == [first, second])
        #expect(directory.names.allSatisfy { !$0.contains("..") })
    }

    @Test("invalid parts fall back to defaults with a recovery message")
    func validation() throws {
        let store = open()
        try store.saveScene(ReaderState(bookID: "deleted-book", page: 7), for: SceneSessionID("a"), schema: schema)
        try store.saveScene(ReaderState(bookID: "dune", page: -4), for: SceneSessionID("b"), schema: schema)
        let repaired = open().restoreScene(for: SceneSessionID("a"), schema: schema)
        #expect(repaired.outcome == .repaired)
        #expect(repaired.state == ReaderState())
        #expect(repaired.recoveryMessages == ["The book you were reading is no longer available."])
        let invalid = open().restoreScene(for: SceneSessionID("b"), schema: schema)
        #expect(invalid.outcome == .defaulted)
        #expect(invalid.problem == .invalid(message: "Your reading position could not be restored."))
    }

    @Test("an older schema is migrated; a newer one is quarantined with a typed error")
    func schemaVersions() throws {
        let id = SceneSessionID("s")
        let store = open()
        let path = directory.file("scene-73.state")
        let v1 = try StoredCodec(sizeLimit: 50_000).encode(ReaderStateV0(book: "emma"), writtenAt: clock.date)
        try v1.write(to: URL(fileURLWithPath: path))
        let migrated = store.restoreScene(for: id, schema: schema)
        #expect(migrated.state == ReaderState(bookID: "emma", page: 0))
        #expect(migrated.storedSchemaVersion == 1)
        #expect(try StoredEnvelope.decode(Data(contentsOf: URL(fileURLWithPath: path))).schemaVersion == 2)

        let v3 = try StoredCodec(schema: StoredSchema(version: 3), sizeLimit: 50_000).encode(ReaderState(), writtenAt: clock.date)
        try v3.write(to: URL(fileURLWithPath: path))
        let newer = open().restoreScene(for: id, schema: schema)
        #expect(newer.outcome == .defaulted)
        guard case .unusableFile(.quarantined(_, let movedTo, .newerSchema(found: 3, supported: 2))) = newer.problem else {
            Issue.record("expected a quarantined newer schema, got \(String(describing: newer.problem))")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == v3)
    }

    @Test("a truncated or random restoration file is quarantined and the default restored", arguments: ["truncated", "random"])
    func damagedFile(damage: String) throws {
        let id = SceneSessionID("s")
        try open().saveScene(ReaderState(bookID: "dune", page: 4), for: id, schema: schema)
        let path = directory.file("scene-73.state")
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let damaged = damage == "truncated" ? good.prefix(good.count - 1) : Data((0..<90).map { UInt8(truncatingIfNeeded: $0 &* 59) })
        try damaged.write(to: URL(fileURLWithPath: path))
        let restored = open().restoreScene(for: id, schema: schema)
        #expect(restored.outcome == .defaulted)
        guard case .unusableFile(.quarantined(_, let movedTo, let reason)) = restored.problem else {
            Issue.record("expected a quarantine, got \(String(describing: restored.problem))")
            return
        }
        #expect(reason == (damage == "truncated" ? .truncated(expected: good.count, actual: good.count - 1) : .notAnEnvelope))
        #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == damaged)
    }

    @Test("the size limit is enforced on save and on restore")
    func sizeLimit() throws {
        let small = RestorationSchema<ReaderState>(default: ReaderState(), sizeLimit: 60)
        let store = open()
        #expect(throws: DurableStoreError.self) {
            try store.saveScene(ReaderState(bookID: String(repeating: "x", count: 100)), for: SceneSessionID("a"), schema: small)
        }
        try store.saveScene(ReaderState(bookID: String(repeating: "x", count: 100)), for: SceneSessionID("a"), schema: schema)
        let restored = open().restoreScene(for: SceneSessionID("a"), schema: small)
        #expect(restored.problem?.description.contains("over the limit of 60") == true)
        #expect(restored.state == ReaderState())
    }

    @Test("secrets cannot be saved as restoration state")
    func secrets() throws {
        let leaky = RestorationSchema(default: LeakyState(token: Canary(raw: "")))
        #expect(throws: DurableStoreError.sensitiveValue(type: "Canary")) {
            try open().saveApplication(LeakyState(token: Canary(raw: "canary")), schema: leaky)
        }
    }

    @Test("after N launches that did not finish, restoration state is discarded")
    func crashLoopGuard() throws {
        let id = SceneSessionID("s")
        try open().saveScene(ReaderState(bookID: "dune", page: 1), for: id, schema: schema)
        #expect(open().restoreScene(for: id, schema: schema).outcome == .restored)   // launch 1 crashes
        #expect(open().restoreScene(for: id, schema: schema).outcome == .restored)   // launch 2 crashes
        let third = open()
        let restored = third.restoreScene(for: id, schema: schema)                    // launch 3: discarded
        #expect(restored.problem == .discardedAfterUnfinishedLaunches(2))
        #expect(restored.state == ReaderState())
        #expect(third.storedSceneIDs().isEmpty)
        try third.saveScene(ReaderState(bookID: "emma"), for: id, schema: schema)
        #expect(third.restoreScene(for: id, schema: schema).state == ReaderState(bookID: "emma"))
        third.markLaunchFinished()
        let fourth = open()
        #expect(fourth.restoreScene(for: id, schema: schema).outcome == .restored)
        fourth.markLaunchFinished()
        let fifth = open()
        #expect(fifth.restoreScene(for: id, schema: schema).outcome == .restored)
    }

    @Test("state of discarded sessions is removed, directly or through the runtime")
    func discardedSessions() throws {
        let store = open()
        for name in ["a", "b", "c"] {
            try store.saveScene(ReaderState(bookID: "dune"), for: SceneSessionID(name), schema: schema)
        }
        store.removeScenes([SceneSessionID("a")])
        #expect(store.storedSceneIDs() == [SceneSessionID("b"), SceneSessionID("c")])
        store.removeScenes(keeping: [SceneSessionID("c")])
        #expect(store.storedSceneIDs() == [SceneSessionID("c")])

        let runtime = LifecycleRuntime(clock: clock)
        store.observeDiscardedSessions(of: runtime)
        try runtime.handle(.launch(LaunchOptions(discardedSessions: [SceneSessionID("c")])))
        #expect(store.storedSceneIDs().isEmpty)
    }

    @Test("in-memory payloads that are truncated, random or invalid restore the default without crashing")
    func payloads() throws {
        let good = try schema.encode(ReaderState(bookID: "dune", page: 2), writtenAt: clock.date)
        #expect(schema.restore(from: good).state == ReaderState(bookID: "dune", page: 2))
        #expect(schema.restore(from: nil).outcome == .nothingStored)
        for length in 0..<good.count {
            let restored = schema.restore(from: good.prefix(length))
            #expect(restored.outcome == .defaulted)
            #expect(restored.state == ReaderState())
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let noise = Data((0..<Int.random(in: 0...200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
            #expect(schema.restore(from: noise).state == ReaderState())
        }
    }
}
