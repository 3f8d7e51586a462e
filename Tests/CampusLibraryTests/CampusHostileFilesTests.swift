@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import LifelineTestSupport
import Testing

/// The real binary launched over a data directory an attacker prepared: a link planted where it
/// writes, a FIFO where it reads, a directory others can enter. Nothing outside the data
/// directory changes, no launch hangs, and the app's files are private whatever the umask.
@Suite("Campus Library over a hostile data directory", .serialized, .startsCampusLibrary)
struct CampusHostileFilesTests {
    let scratch: ScratchDirectory
    var data: String { scratch.path("data") }

    init() throws {
        scratch = try ScratchDirectory()
    }

    @Test(
        "a link planted where the app writes is never written through",
        arguments: [
            "launches.guard", "campus-library.log", "preferences.prefs", ".preferences.prefs.tmp", ".preferences.prefs.1.tmp",
            "windows.json", ".windows.json.tmp", "catalogue.sqlite", "secrets", "server",
        ]
    )
    func plantedLink(name: String) throws {
        let isDirectory = name == "secrets" || name == "server"
        let victim = try HostileFiles.Victim(at: scratch.path(isDirectory ? "outside/\(name)/state.json" : "outside/victim"))
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        chmod(data, 0o700)
        try HostileFiles.plantLink(at: data + "/" + name, to: isDirectory ? scratch.path("outside/\(name)") : victim.path)

        let run = try CampusProcess.run(["--data-dir", data, "--measure-launch"])
        #expect(run.status != nil, "the launch hung")
        #expect(victim.isUntouched, "\(victim.path) was changed through the link at \(name)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("outside")).count == 1)
        if isDirectory {
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("outside/\(name)")) == ["state.json"])
        }
    }

    @Test(
        "a FIFO in place of a file the app opens at launch does not hang it",
        arguments: [
            "windows.json", "launches.guard", "campus-library.log", "preferences.prefs", "server/state.json",
            "secrets/secrets.json", "catalogue.sqlite",
        ]
    )
    func plantedFIFO(name: String) throws {
        try FileManager.default.createDirectory(atPath: data + "/secrets", withIntermediateDirectories: true)
        chmod(data, 0o700)
        chmod(data + "/secrets", 0o700)
        try HostileFiles.plantFIFO(at: data + "/" + name)
        let run = try CampusProcess.run(["--data-dir", data, "--measure-launch"], timeout: .seconds(15))
        #expect(run.status == 0, "status \(run.status.map(String.init) ?? "none: the launch hung"); stderr: \(run.errors)")
    }

    @Test("an existing data directory that other users can enter is made owner-only at launch")
    func tightensTheDataDirectory() throws {
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        chmod(data, 0o755)
        let run = try CampusProcess.run(["--data-dir", data, "--measure-launch"])
        #expect(run.status == 0)
        #expect(HostileFiles.mode(data) == 0o700)
    }

    @Test("every file the app creates is 0600 and every directory 0700, whatever the umask", arguments: ["022", "077", "002"])
    func privateFiles(umask: String) throws {
        let run = try CampusProcess.run(["--data-dir", data, "--measure-launch"], umask: umask)
        #expect(run.status == 0, "stderr: \(run.errors)")
        let tree = CampusProcess.tree(data)
        #expect(tree.count > 5)
        for (name, entry) in tree.sorted(by: { $0.key < $1.key }) {
            let isDirectory = (try? FileManager.default.contentsOfDirectory(atPath: data + "/" + name)) != nil
            #expect(entry.hasPrefix(isDirectory ? "700 " : "600 "), "\(name) is \(entry.prefix(4)) under umask \(umask)")
        }
        #expect(HostileFiles.mode(data) == 0o700)
    }
}

/// Notes over planted links, in process (typing needs no terminal here).
@Suite("Campus Library notes over planted links")
@MainActor
struct CampusHostileNotesTests {
    let scratch: ScratchDirectory
    var data: String { scratch.path("data") }

    init() throws {
        scratch = try ScratchDirectory()
    }

    @Test("a link planted at a note, at a note's temporary names or in place of the notes directory is never written through")
    func noteLinks() async throws {
        let victims = try (0..<3).map { try HostileFiles.Victim(at: scratch.path("outside/note-\($0)")) }
        let planted = ["notes/austen-emma.json", "notes/.melville-moby-dick.json.tmp", "notes/.melville-moby-dick.json.1.tmp"]
        for (name, victim) in zip(planted, victims) { try HostileFiles.plantLink(at: data + "/" + name, to: victim.path) }
        let elsewhere = scratch.path("outside/notes")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try HostileFiles.plantLink(at: data + "/linked-notes", to: elsewhere)

        let runtime = LifecycleRuntime(clock: VirtualClock())
        for directory in [data + "/notes", data + "/linked-notes"] {
            let repository = NotesRepository(directory: directory, storage: StorageEnvironment(fileSystem: POSIXFileSystem()), runtime: runtime, logger: .disabled)
            for book in [TestBooks.emma.id, TestBooks.moby.id] {
                let draft = repository.draft(for: book)
                await draft.hydrate()
                draft.edit("typed over a planted link")
                draft.flush()
            }
        }
        for victim in victims { #expect(victim.isUntouched, "\(victim.path) was changed through a link") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }
}
