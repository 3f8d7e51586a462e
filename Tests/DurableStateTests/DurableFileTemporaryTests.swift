import DurableState
import Foundation
import Lifecycle
import Testing

/// The durable recipe's temporary files: each write has its own, taken exclusively, and only
/// stale ones are ever removed.
@Suite("DurableFile temporary files")
struct DurableFileTemporaryTests {
    let directory = TemporaryDirectory("temporaries")
    var path: String { directory.file("doc") }

    func setModificationDate(_ path: String, secondsAgo: TimeInterval) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-secondsAgo)], ofItemAtPath: path)
    }

    @Test("a temporary name, numbered or of an earlier version, names its target; other names name none")
    func targetOfTemporary() {
        let file = DurableFile(fileSystem: POSIXFileSystem(), path: "/data/notes.json")
        #expect(DurableFile.target(ofTemporary: file.temporaryPath(3)) == "/data/notes.json")
        #expect(DurableFile.target(ofTemporary: "/data/.notes.json.tmp") == "/data/notes.json")
        #expect(DurableFile.target(ofTemporary: "/data/notes.json") == nil)
        #expect(DurableFile.target(ofTemporary: "/data/.tmp") == nil)
        #expect(DurableFile.backupPath(of: "/data/notes.json") == file.backupPath)
    }

    @Test("a name taken by another writer or a leftover is skipped: the next free one is used")
    func skipsTakenNames() throws {
        let file = DurableFile(fileSystem: POSIXFileSystem(), path: path)
        try Data("another writer's".utf8).write(to: URL(fileURLWithPath: file.temporaryPath(1)))
        try file.replace(with: Data("mine".utf8))
        #expect(try file.read() == Data("mine".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.temporaryPath(1))) == Data("another writer's".utf8))
        #expect(directory.names == [".doc.1.tmp", "doc"])
    }

    @Test("writers racing on one file never rename or remove each other's temporary file")
    func concurrentWriters() async throws {
        let file = DurableFile(fileSystem: POSIXFileSystem(), path: path)
        let failures = await withTaskGroup(of: [String].self) { group in
            for writer in 0..<4 {
                group.addTask {
                    var failures: [String] = []
                    for round in 0..<25 {
                        do throws(DurableWriteError) {
                            try file.replace(with: Data("writer \(writer) round \(round)".utf8), keepingBackup: true)
                        } catch {
                            failures.append(error.description)
                        }
                    }
                    return failures
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        // Two writers may move the same previous generation to the backup name at once: the loser's
        // backup rename finds nothing, which the recipe treats as nothing to keep.
        #expect(failures == [])
        #expect(String(decoding: try file.read(), as: UTF8.self).hasPrefix("writer "))
        #expect(file.existingTemporaries() == [])
    }

    @Test("a load removes stale temporary files and keeps a fresh one that a writer may still rename")
    @MainActor
    func removesOnlyStale() throws {
        let store = DocumentStore(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), path: path, defaultValue: "", clock: SystemClock())
        try store.save("saved")
        let stale = [directory.file(".doc.tmp"), store.file.temporaryPath(1)]
        let fresh = store.file.temporaryPath(2)
        for name in stale + [fresh] { try Data("half".utf8).write(to: URL(fileURLWithPath: name)) }
        for name in stale { try setModificationDate(name, secondsAgo: DurableFile.staleTemporaryAge + 5) }

        #expect(DocumentStore(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), path: path, defaultValue: "", clock: SystemClock()).load().value == "saved")
        #expect(directory.names == [".doc.2.tmp", "doc"])
    }

    @Test("removing the document removes its temporary files too")
    @MainActor
    func removeTakesTemporaries() throws {
        let store = DocumentStore(storage: StorageEnvironment(fileSystem: POSIXFileSystem()), path: path, defaultValue: "", clock: SystemClock())
        try store.save("saved")
        try Data("half".utf8).write(to: URL(fileURLWithPath: store.file.temporaryPath(1)))
        try store.remove()
        #expect(directory.names == [])
    }

    @Test("files are owner-only and new directories 0700 by default; wider bits are an explicit choice")
    func permissions() throws {
        let fileSystem = POSIXFileSystem()
        let privateFile = DurableFile(fileSystem: fileSystem, path: directory.file("private/a/doc"))
        try privateFile.replace(with: Data("x".utf8))
        #expect(try fileSystem.permissions(at: privateFile.path) == 0o600)
        #expect(try fileSystem.permissions(at: directory.file("private/a")) == 0o700)
        #expect(try fileSystem.permissions(at: directory.file("private")) == 0o700)

        let shared = DurableFile(fileSystem: fileSystem, path: directory.file("shared/doc"), permissions: 0o644)
        try shared.replace(with: Data("x".utf8))
        #expect(try fileSystem.permissions(at: shared.path) == 0o644)
        #expect(try fileSystem.permissions(at: directory.file("shared")) == 0o755)
        #expect(DurableFile.directoryPermissions(forFile: 0o640) == 0o750)
    }
}
