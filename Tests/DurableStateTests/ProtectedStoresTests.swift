import DurableState
import Foundation
import Lifecycle
import Testing

/// Every store kind on a device that locks: a refused read or write throws "protected data is
/// unavailable", a load says "unavailable now", and nothing is written over what was not read.
@MainActor
@Suite("ProtectedStores")
struct ProtectedStoresTests {
    let directory = TemporaryDirectory()
    let clock = VirtualClock()
    let device = ManualLockState(.unlocked)

    var storage: StorageEnvironment { StorageEnvironment(fileSystem: POSIXFileSystem(), protectedData: device) }

    func document(_ protection: DataProtection) -> DocumentStore<Note> {
        DocumentStore(
            storage: storage, path: directory.file("notes.json"), defaultValue: Note(title: "", body: ""),
            protection: protection, clock: clock)
    }

    let saved = Note(title: "Reading list", body: "Dune")

    @Test("a complete document cannot be read while locked: the load says unavailable now")
    func completeDocumentUnavailableWhileLocked() throws {
        try document(.complete).save(saved)
        for state in [DeviceLockState.locked, .beforeFirstUnlock] {
            device.state = state
            let load = document(.complete).load()
            #expect(load.value == Note(title: "", body: ""))
            #expect(load.outcome.isUnreadable)
            #expect(load.outcome.unavailableNow?.protection == .complete)
            #expect(load.outcome.unavailableNow?.deviceState == state)
            #expect(load.outcome.quarantinedPaths.isEmpty)
        }
        device.state = .unlocked
        #expect(document(.complete).load().value == saved)
    }

    @Test("a save after an unavailable load throws the typed error and leaves the file as it was")
    func saveAfterUnavailableLoadWritesNothing() throws {
        try document(.complete).save(saved)
        device.state = .locked
        let store = document(.complete)
        _ = store.load()
        #expect(throws: DurableStoreError.protectedDataUnavailable(
            ProtectedDataUnavailable(item: directory.file("notes.json"), protection: .complete, access: .openExisting, deviceState: .locked))
        ) {
            try store.save(Note(title: "", body: ""))
        }
        device.state = .unlocked
        #expect(document(.complete).load().value == saved)
    }

    @Test("a complete-until-first-authentication document reads while locked but not before the first unlock")
    func untilFirstAuthentication() throws {
        try document(.completeUntilFirstUserAuthentication).save(saved)
        device.state = .locked
        #expect(document(.completeUntilFirstUserAuthentication).load().value == saved)
        try document(.completeUntilFirstUserAuthentication).save(Note(title: "Reading list", body: "Dune, Emma"))
        device.state = .beforeFirstUnlock
        #expect(document(.completeUntilFirstUserAuthentication).load().outcome.unavailableNow != nil)
    }

    @Test("a complete-unless-open document is created while locked, but a closed one is not read")
    func unlessOpenCreatesButDoesNotReopen() throws {
        device.state = .locked
        let store = document(.completeUnlessOpen)
        #expect(store.load().outcome == .loaded)
        try store.save(saved)
        #expect(document(.completeUnlessOpen).load().outcome.unavailableNow?.access == .openExisting)
        device.state = .unlocked
        #expect(document(.completeUnlessOpen).load().value == saved)
    }

    @Test("a missing file is missing, not unavailable, whatever the lock state")
    func missingFileIsNotFound() {
        device.state = .beforeFirstUnlock
        let load = document(.complete).load()
        #expect(load.outcome == .loaded)
        #expect(throws: FileSystemError.notFound(directory.file("none"))) {
            try storage.fileSystem(protectedBy: .complete).readFile(at: directory.file("none"))
        }
    }

    @Test("a none document reads before the first unlock")
    func noneAlwaysReads() throws {
        try document(.none).save(saved)
        device.state = .beforeFirstUnlock
        #expect(document(.none).load().value == saved)
    }

    func preferences(_ protection: DataProtection) -> Preferences {
        Preferences(storage: storage, directory: directory.path, protection: protection, clock: clock)
    }

    @Test("preferences that cannot be read refuse to be set, and come back after the unlock")
    func preferencesUnavailable() throws {
        let key = PreferenceKey<String>("sort", default: "title")
        try preferences(.complete).set("author", for: key)
        device.state = .locked
        let locked = preferences(.complete)
        #expect(!locked.isAvailable)
        #expect(locked.loadReport.outcome.unavailableNow != nil)
        #expect(throws: DurableStoreError.self) { try locked.availableValue(for: key) }
        #expect(throws: DurableStoreError.protectedDataUnavailable(
            ProtectedDataUnavailable(item: directory.file("preferences.prefs"), protection: .complete, access: .openExisting, deviceState: .locked))
        ) {
            try locked.set("title", for: PreferenceKey<String>("other", default: ""))
        }
        device.state = .unlocked
        #expect(locked.isAvailable)
        #expect(locked[key] == "author")
        try locked.set("year", for: PreferenceKey<String>("other", default: ""))
        #expect(preferences(.complete)[key] == "author")
    }

    @Test("a persistent value's storage throws unreadable with the protection refusal")
    func valueStorageUnavailable() throws {
        let path = directory.file("value.json")
        try DurableValueStorage<Int>(storage: storage, path: path, protection: .complete, clock: clock).saveNow(42)
        device.state = .locked
        let locked = DurableValueStorage<Int>(storage: storage, path: path, protection: .complete, clock: clock)
        #expect(throws: ValueStorageError.self) { try locked.loadNow() }
        #expect(locked.lastLoadOutcome.unavailableNow != nil)
        device.state = .unlocked
        #expect(try locked.loadNow() == 42)
    }

    @Test("secrets of each class are refused exactly when the class says, never read as missing")
    func secrets() throws {
        let base = InMemorySecretStore()
        for protection in DataProtection.allCases {
            device.state = .unlocked
            let store = ProtectedSecretStore(base: base, protection: protection, availability: device)
            try store.setSecret(Secret("token"), for: "token")
            for state in [DeviceLockState.unlocked, .locked, .beforeFirstUnlock] {
                device.state = state
                if protection.allows(.openExisting, when: state) {
                    #expect(try store.secret(for: "token")?.revealed == "token")
                } else {
                    #expect(throws: SecretStoreError.protectedDataUnavailable(
                        ProtectedDataUnavailable(item: "token", protection: protection, access: .openExisting, deviceState: state))
                    ) {
                        try store.secret(for: "token")
                    }
                    #expect(throws: SecretStoreError.self) { try store.setSecret(Secret(""), for: "token") }
                }
            }
            device.state = .unlocked
            #expect(try store.secret(for: "token")?.revealed == "token")
        }
    }

    @Test("a complete-unless-open database opened while unlocked keeps working when locked; a complete one does not")
    func databaseOpenStaysWritable() throws {
        let path = directory.file("library.sqlite")
        let unlessOpen = try Database(path: path, storage: storage, protection: .completeUnlessOpen)
        try unlessOpen.execute("CREATE TABLE notes (text TEXT)")
        device.state = .locked
        try unlessOpen.execute("INSERT INTO notes VALUES ('kept')")
        #expect(throws: SQLiteError.self) { try Database(path: path, storage: storage, protection: .completeUnlessOpen) }
        device.state = .unlocked
        let complete = try Database(path: path, storage: storage, protection: .complete)
        device.state = .locked
        #expect(throws: SQLiteError.protectedDataUnavailable(
            ProtectedDataUnavailable(item: path, protection: .complete, access: .useOpen, deviceState: .locked))
        ) {
            try complete.execute("INSERT INTO notes VALUES ('refused')")
        }
        device.state = .unlocked
        let count: [Int] = try complete.fetchAll("SELECT count(*) FROM notes") { row throws(SQLiteError) in try row.decode(Int.self, at: 0) }
        #expect(count == [1])
    }

    @Test("a new database can be created while locked only where the class lets new files be made")
    func databaseCreation() throws {
        device.state = .locked
        #expect(throws: SQLiteError.self) { try Database(path: directory.file("a.sqlite"), storage: storage, protection: .complete) }
        _ = try Database(path: directory.file("b.sqlite"), storage: storage, protection: .completeUnlessOpen)
        device.state = .beforeFirstUnlock
        #expect(throws: SQLiteError.self) {
            try Database(path: directory.file("c.sqlite"), storage: storage, protection: .completeUntilFirstUserAuthentication)
        }
        _ = try Database(path: directory.file("d.sqlite"), storage: storage, protection: .none)
    }
}
