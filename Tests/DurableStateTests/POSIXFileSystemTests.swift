import DurableState
import Foundation
import Testing

@Suite("POSIXFileSystem")
struct POSIXFileSystemTests {
    let fileSystem = POSIXFileSystem()

    @Test("written bytes read back, with the requested permissions")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("a.bin")
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try fileSystem.writeFile(bytes, to: path, permissions: 0o600)
        #expect(try fileSystem.readFile(at: path) == bytes)
        #expect(try fileSystem.permissions(at: path) == 0o600)
        try fileSystem.writeAndSyncFile(Data("short".utf8), to: path, permissions: 0o640)
        #expect(try fileSystem.readFile(at: path) == Data("short".utf8))
        #expect(try fileSystem.permissions(at: path) == 0o640)
        try fileSystem.writeFile(Data(), to: directory.file("group"), permissions: 0o664)
        #expect(try fileSystem.permissions(at: directory.file("group")) == 0o664)
    }

    @Test("missing files map errno to notFound")
    func missingFiles() {
        let directory = TemporaryDirectory()
        let path = directory.file("missing")
        #expect(throws: FileSystemError.notFound(path)) { try fileSystem.readFile(at: path) }
        #expect(throws: FileSystemError.notFound(path)) { try fileSystem.syncFile(at: path) }
        #expect(throws: FileSystemError.notFound(path)) { try fileSystem.rename(from: path, to: directory.file("b")) }
        #expect(!fileSystem.itemExists(at: path))
    }

    @Test("directories are created with their parents, listed sorted, synced and removed")
    func directories() throws {
        let directory = TemporaryDirectory()
        let nested = directory.file("a/b/c")
        try fileSystem.createDirectory(at: nested, permissions: 0o700)
        try fileSystem.createDirectory(at: nested, permissions: 0o700)
        #expect(try fileSystem.permissions(at: nested) == 0o700)
        for name in ["z", "m", "a"] { try fileSystem.writeFile(Data(), to: nested + "/" + name, permissions: 0o644) }
        #expect(try fileSystem.contentsOfDirectory(at: nested) == ["a", "m", "z"])
        try fileSystem.syncDirectory(at: nested)
        for name in ["z", "m", "a"] { try fileSystem.removeItem(at: nested + "/" + name) }
        try fileSystem.removeItem(at: nested)
        try fileSystem.removeItem(at: nested)
        #expect(!fileSystem.itemExists(at: nested))
    }

    @Test("a file in the way of a directory is an I/O error, not success")
    func fileInTheWay() throws {
        let directory = TemporaryDirectory()
        try fileSystem.writeFile(Data(), to: directory.file("x"), permissions: 0o644)
        #expect(throws: FileSystemError.self) { try fileSystem.createDirectory(at: directory.file("x"), permissions: 0o755) }
    }

    @Test("rename replaces the destination atomically")
    func renameReplaces() throws {
        let directory = TemporaryDirectory()
        try fileSystem.writeFile(Data("old".utf8), to: directory.file("target"), permissions: 0o644)
        try fileSystem.writeFile(Data("new".utf8), to: directory.file("temp"), permissions: 0o644)
        try fileSystem.rename(from: directory.file("temp"), to: directory.file("target"))
        #expect(try fileSystem.readFile(at: directory.file("target")) == Data("new".utf8))
        #expect(directory.names == ["target"])
    }

    @Test("a read-only directory maps to permissionDenied", .enabled(if: getuid() != 0))
    func permissionDenied() throws {
        let directory = TemporaryDirectory()
        let locked = directory.file("locked")
        try fileSystem.createDirectory(at: locked, permissions: 0o500)
        #expect(throws: FileSystemError.permissionDenied(locked + "/f")) {
            try fileSystem.writeFile(Data(), to: locked + "/f", permissions: 0o644)
        }
    }
}
