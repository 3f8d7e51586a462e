import DurableState
import Foundation
import Testing

@Suite("DurableFile")
struct DurableFileTests {
    @Test("replace follows the recipe: temporary write and sync, rename, directory sync")
    func recipeOrder() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultyFileSystem()
        let file = DurableFile(fileSystem: fileSystem, path: directory.file("doc"))
        try file.replace(with: Data("one".utf8))
        #expect(fileSystem.log == ["createNew .doc.1.tmp", "rename .doc.1.tmp", "syncDirectory \(FilePaths.name(of: directory.path))"])
        #expect(try file.read() == Data("one".utf8))
        #expect(directory.names == ["doc"])
    }

    @Test("keeping a backup moves the previous generation aside before the rename")
    func backup() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultyFileSystem()
        let file = DurableFile(fileSystem: fileSystem, path: directory.file("doc"))
        try file.replace(with: Data("one".utf8), keepingBackup: true)
        fileSystem.clearLog()
        try file.replace(with: Data("two".utf8), keepingBackup: true)
        #expect(fileSystem.log == ["createNew .doc.1.tmp", "rename doc", "rename .doc.1.tmp", "syncDirectory \(FilePaths.name(of: directory.path))"])
        #expect(try fileSystem.readFile(at: file.backupPath) == Data("one".utf8))
        #expect(try file.read() == Data("two".utf8))
    }

    @Test("a missing directory is created on the first write")
    func createsDirectory() throws {
        let directory = TemporaryDirectory()
        let file = DurableFile(fileSystem: POSIXFileSystem(), path: directory.file("a/b/doc"))
        try file.replace(with: Data("x".utf8))
        #expect(try file.read() == Data("x".utf8))
    }

    @Test(
        "a failure before the rename leaves the previous contents and no temporary file",
        arguments: [FaultyFileSystem.Call.createNew, .rename]
    )
    func failureKeepsPrevious(call: FaultyFileSystem.Call) throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultyFileSystem()
        let file = DurableFile(fileSystem: fileSystem, path: directory.file("doc"))
        try file.replace(with: Data("old".utf8))
        fileSystem.fail(call, with: .noSpace("doc"))
        let error = #expect(throws: DurableWriteError.self) { try file.replace(with: Data("new".utf8)) }
        #expect(error?.previousContentsIntact == true)
        #expect(error?.cause == .noSpace("doc"))
        #expect(error?.description.contains("previous contents are intact") == true)
        #expect(try file.read() == Data("old".utf8))
        #expect(directory.names == ["doc"])
    }

    @Test("a failed directory sync is reported: the new contents may not survive a power loss")
    func directorySyncFailure() throws {
        let directory = TemporaryDirectory()
        let fileSystem = FaultyFileSystem()
        let file = DurableFile(fileSystem: fileSystem, path: directory.file("doc"))
        fileSystem.fail(.syncDirectory)
        let error = #expect(throws: DurableWriteError.self) { try file.replace(with: Data("new".utf8)) }
        #expect(error?.step == .syncDirectory)
        #expect(error?.previousContentsIntact == false)
    }
}
