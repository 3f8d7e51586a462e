import DurableState
import Foundation
import Lifecycle
import Testing

private struct NoteV2: Codable, Sendable, Equatable {
    var title: String
    var body: String
    var revision: Int
    var pinned: Bool
}

private struct Token: Codable, Sendable, SensitiveValue { var value: String }
private struct Account: Codable, Sendable { var name: String; var token: Token }

@MainActor
@Suite("DocumentStore")
struct DocumentStoreTests {
    let directory = TemporaryDirectory()
    let clock = VirtualClock()
    let logs = MemoryLogSink()

    func makeStore(
        _ fileSystem: any FileSystem = POSIXFileSystem(), schema: StoredSchema = .initial, sizeLimit: Int = 4096
    ) -> DocumentStore<Note> {
        DocumentStore(
            storage: StorageEnvironment(fileSystem: fileSystem), path: directory.file("note.doc"), defaultValue: Note(title: "", body: ""),
            schema: schema, sizeLimit: sizeLimit, clock: clock, logger: LifelineLogger(category: "test", sink: logs))
    }

    var secretNote: Note { Note(title: "Diary", body: "my secret text 4711") }

    @Test("a saved value loads back from the primary file in a new store")
    func roundTrip() throws {
        try makeStore().save(secretNote)
        let loaded = makeStore().load()
        #expect(loaded.value == secretNote)
        #expect(loaded.source == .primary)
        #expect(loaded.issues.isEmpty)
        #expect(loaded.writtenAt == clock.date)
    }

    @Test("nothing stored gives the default and no issue")
    func nothingStored() {
        let loaded = makeStore().load()
        #expect(loaded.source == .defaultValue)
        #expect(loaded.issues.isEmpty)
    }

    @Test(
        "a damaged primary is quarantined, never overwritten, and the backup is used",
        arguments: ["truncated", "random", "flipped", "oversized", "newer schema"]
    )
    func damagedPrimary(damage: String) throws {
        let store = makeStore()
        try store.save(Note(title: "first", body: "a"))
        try store.save(Note(title: "second", body: "b"))
        let path = directory.file("note.doc")
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let damaged: Data
        let expected: StoredDataError
        switch damage {
        case "truncated":
            damaged = good.prefix(good.count - 3)
            expected = .truncated(expected: good.count, actual: good.count - 3)
        case "random":
            damaged = Data((0..<64).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) })
            expected = .notAnEnvelope
        case "flipped":
            var bytes = good
            bytes[bytes.count - 2] ^= 0x01
            damaged = bytes
            expected = .checksumMismatch
        case "oversized":
            damaged = good + Data(count: 5000)
            expected = .oversized(bytes: good.count + 5000, limit: 4096)
        default:
            damaged = try StoredCodec(schema: StoredSchema(version: 7), sizeLimit: 4096).encode(Note(title: "future", body: ""), writtenAt: clock.date)
            expected = .newerSchema(found: 7, supported: 1)
        }
        try damaged.write(to: URL(fileURLWithPath: path))

        let loaded = makeStore().load()
        #expect(loaded.value == Note(title: "first", body: "a"))
        #expect(loaded.source == .backup)
        guard case let .quarantined(original, movedTo, reason) = loaded.issues.first else {
            Issue.record("expected a quarantine, got \(loaded.issues)")
            return
        }
        #expect(original == path)
        #expect(reason == expected)
        #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == damaged)
        #expect(movedTo.hasPrefix(path + ".corrupt-20270115T"))
        let warning = logs.records.first { $0.message.contains("Quarantined") }
        #expect(warning?.level == .warning)
        #expect(!logs.records.contains { $0.message.contains("secret") || $0.message.contains("first") })
    }

    @Test("with primary and backup damaged, the default is used and both files are kept aside")
    func bothDamaged() throws {
        let store = makeStore()
        try store.save(Note(title: "1", body: ""))
        try store.save(Note(title: "2", body: ""))
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: directory.file("note.doc")))
        try Data("garbage2".utf8).write(to: URL(fileURLWithPath: directory.file("note.doc.bak")))
        let loaded = makeStore().load()
        #expect(loaded.source == .defaultValue)
        #expect(loaded.issues.count == 2)
        #expect(directory.names.filter { $0.contains(".corrupt-") }.count == 2)
        #expect(!directory.names.contains("note.doc"))
    }

    @Test("a save after a quarantine keeps the good backup instead of rotating the corrupt file into it")
    func saveAfterQuarantine() throws {
        let store = makeStore()
        try store.save(Note(title: "1", body: ""))
        try store.save(Note(title: "2", body: ""))
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: directory.file("note.doc")))
        let fresh = makeStore()
        try fresh.save(Note(title: "3", body: ""))
        #expect(makeStore().load().value.title == "3")
        let backup = try StoredCodec(sizeLimit: 4096).decode(Note.self, from: Data(contentsOf: URL(fileURLWithPath: directory.file("note.doc.bak"))))
        #expect(backup.value.title == "1")
        #expect(directory.names.contains { $0.hasPrefix("note.doc.corrupt-") })
    }

    @Test("an older schema is migrated and written back under the current version")
    func migration() throws {
        try makeStore().save(Note(title: "old", body: "b", revision: 2))
        let v2 = StoredSchema(version: 2, migrations: [
            .converting(from: 1, Note.self, to: NoteV2.self) { NoteV2(title: $0.title, body: $0.body, revision: $0.revision, pinned: false) }
        ])
        let store = DocumentStore(
            storage: StorageEnvironment(fileSystem: POSIXFileSystem()), path: directory.file("note.doc"),
            defaultValue: NoteV2(title: "", body: "", revision: 0, pinned: false), schema: v2, clock: clock)
        let loaded = store.load()
        #expect(loaded.value == NoteV2(title: "old", body: "b", revision: 2, pinned: false))
        #expect(loaded.storedSchemaVersion == 1)
        #expect(loaded.wasMigrated(currentVersion: 2))
        #expect(store.load().storedSchemaVersion == 2)
    }

    @Test("a leftover temporary file of a killed write is removed on load")
    func leftoverTemporary() throws {
        try makeStore().save(secretNote)
        try Data("half".utf8).write(to: URL(fileURLWithPath: directory.file(".note.doc.tmp")))
        #expect(makeStore().load().value == secretNote)
        #expect(!directory.names.contains(".note.doc.tmp"))
    }

    @Test("sensitive values, oversized values and failed writes are typed errors that keep the old file")
    func saveErrors() throws {
        let fileSystem = FaultyFileSystem()
        let store = makeStore(fileSystem)
        try store.save(secretNote)
        #expect(throws: DurableStoreError.tooLarge(bytes: 5061, limit: 4096)) {
            try store.save(Note(title: "", body: String(repeating: "x", count: 5000)))
        }
        fileSystem.fail(.createNew, with: .noSpace("x"))
        #expect(throws: DurableStoreError.self) { try store.save(Note(title: "new", body: "")) }
        #expect(makeStore().load().value == secretNote)

        let accounts = DocumentStore(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), path: directory.file("account"),
                                     defaultValue: [Account](), clock: clock)
        #expect(throws: DurableStoreError.sensitiveValue(type: "Token")) {
            try accounts.save([Account(name: "me", token: Token(value: "abc"))])
        }
        #expect(!directory.names.contains("account"))
    }

    @Test("a primary file that cannot be read is never replaced until it can be read again")
    func unreadablePrimary() throws {
        try makeStore().save(Note(title: "kept", body: ""))
        let fileSystem = FaultyFileSystem()
        fileSystem.fail(.read, with: .permissionDenied("note.doc"), times: 3)
        let store = makeStore(fileSystem)
        let loaded = store.load()
        #expect(loaded.issues.first == .unreadable(path: directory.file("note.doc"), cause: .permissionDenied("note.doc")))
        #expect(throws: DurableStoreError.unreadableFileInTheWay(path: directory.file("note.doc"), cause: .permissionDenied("note.doc"))) {
            try store.save(Note(title: "new", body: ""))
        }
        #expect(makeStore().load().value.title == "kept")
        try store.save(Note(title: "new", body: ""))
        #expect(makeStore().load().value.title == "new")
    }

    @Test("remove deletes the document and its backup")
    func remove() throws {
        let store = makeStore()
        try store.save(secretNote)
        try store.save(secretNote)
        try store.remove()
        #expect(directory.names.isEmpty)
        #expect(makeStore().load().source == .defaultValue)
    }
}
