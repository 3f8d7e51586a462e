import DurableState
import Foundation
import Lifecycle
import LifelineTestSupport
import Testing

/// Links and FIFOs planted where the stores read and write: nothing outside the data directory
/// changes, nothing blocks, and what was refused is reported. Written against the stores' public
/// API only, as an app uses them.
@MainActor
@Suite("Hostile files in a data directory")
struct HostileFileTests {
    let scratch = TemporaryDirectory("hostile")
    let clock = VirtualClock()

    var data: String { scratch.file("data") }

    func victim(_ name: String = "victim") throws -> HostileFiles.Victim {
        try HostileFiles.Victim(at: scratch.file("outside/\(name)"))
    }

    func document(_ name: String) -> DocumentStore<Note> {
        DocumentStore(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), path: data + "/" + name, defaultValue: Note(title: "", body: ""), clock: clock)
    }

    @Test("a link planted at a document's temporary names, or in place of the document, is never written through")
    func documentLinks() throws {
        let store = document("note.doc")
        try store.save(Note(title: "first", body: ""))
        // Planted while the app runs, after its load: the next saves must not follow them.
        let temporaries = try (0..<3).map { try victim("t\($0)") }
        for (name, victim) in zip([".note.doc.tmp", ".note.doc.1.tmp", ".note.doc.2.tmp"], temporaries) {
            try HostileFiles.plantLink(at: data + "/" + name, to: victim.path)
        }
        try? store.save(Note(title: "second", body: ""))
        try? store.save(Note(title: "third", body: ""))
        for victim in temporaries { #expect(victim.isUntouched, "\(victim.path) was changed through a link") }

        let replaced = try victim("primary")
        try FileManager.default.removeItem(atPath: data + "/note.doc")
        try HostileFiles.plantLink(at: data + "/note.doc", to: replaced.path)
        let reopened = document("note.doc")
        _ = reopened.load()
        try? reopened.save(Note(title: "fourth", body: ""))
        #expect(replaced.isUntouched)
    }

    @Test("preferences never write through a link planted at their file or its temporary names")
    func preferencesLinks() throws {
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let primary = try victim("p")
        try HostileFiles.plantLink(at: data + "/preferences.prefs", to: primary.path)
        let preferences = Preferences(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), directory: data, clock: clock)
        let temporaries = try (0..<2).map { try victim("p\($0)") }
        for (name, victim) in zip([".preferences.prefs.tmp", ".preferences.prefs.1.tmp"], temporaries) {
            try HostileFiles.plantLink(at: data + "/" + name, to: victim.path)
        }
        try? preferences.set(true, for: PreferenceKey("shows-covers", default: false))
        for victim in [primary] + temporaries { #expect(victim.isUntouched) }
    }

    @Test("the secrets store refuses a link in place of its directory and writes nothing there")
    func secretsDirectoryLink() throws {
        let elsewhere = scratch.file("outside/secrets")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        chmod(elsewhere, 0o700)
        try HostileFiles.plantLink(at: data + "/secrets", to: elsewhere)
        #expect(throws: SecretStoreError.self) {
            let store = try FileSecretStore.unsafePlaintextFile(at: data + "/secrets")
            try store.setSecret(Secret("token"), for: "session")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test("the secrets store refuses a link in place of its file")
    func secretsFileLink() throws {
        let store = try FileSecretStore.unsafePlaintextFile(at: data + "/secrets")
        let target = try victim()
        try HostileFiles.plantLink(at: store.path, to: target.path)
        #expect(throws: SecretStoreError.self) { try store.secret(for: "session") }
        #expect(throws: SecretStoreError.self) { try store.setSecret(Secret("token"), for: "session") }
        #expect(target.isUntouched)
    }

    @Test(
        "a FIFO in place of a data file is refused at once, never opened as data",
        arguments: ["read", "write", "write and sync", "sync", "secrets"]
    )
    func fifo(call: String) throws {
        let path = call == "secrets" ? data + "/secrets/secrets.json" : data + "/windows.json"
        if call == "secrets" { _ = try FileSecretStore.unsafePlaintextFile(at: data + "/secrets") }
        try HostileFiles.plantFIFO(at: path)
        let data = data
        let outcome = HostileFiles.finishing(within: 10) { () -> String in
            let fileSystem = POSIXFileSystem()
            do {
                switch call {
                case "read": _ = try fileSystem.readFile(at: path)
                case "write": try fileSystem.writeFile(Data("x".utf8), to: path, permissions: 0o600)
                case "write and sync": try fileSystem.writeAndSyncFile(Data("x".utf8), to: path, permissions: 0o600)
                case "sync": try fileSystem.syncFile(at: path)
                default: _ = try FileSecretStore.unsafePlaintextFile(at: data + "/secrets").secret(for: "session")
                }
                return "accepted"
            } catch {
                return "refused: \(error)"
            }
        }
        #expect(outcome != nil, "\(call) blocked on a FIFO")
        #expect(outcome?.hasPrefix("refused") == true, "\(call) of a FIFO: \(outcome ?? "blocked")")
        #expect(HostileFiles.isFIFO(path), "the FIFO was replaced or removed")
    }

    @Test("the crash-loop guard of restoration state never writes through a link")
    func launchGuardLink() throws {
        let store = RestorationStore(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), directory: data, clock: clock)
        store.beginLaunch()
        let victims = try (0..<2).map { try victim("g\($0)") }
        for (name, victim) in zip([".launches.guard.tmp", ".launches.guard.1.tmp"], victims) {
            try HostileFiles.plantLink(at: data + "/" + name, to: victim.path)
        }
        store.markLaunchFinished()
        for victim in victims { #expect(victim.isUntouched) }

        let primary = try victim("g-primary")
        try FileManager.default.removeItem(atPath: data + "/launches.guard")
        try HostileFiles.plantLink(at: data + "/launches.guard", to: primary.path)
        let next = RestorationStore(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), directory: data, clock: clock)
        next.beginLaunch()
        next.markLaunchFinished()
        #expect(primary.isUntouched)
    }
}
