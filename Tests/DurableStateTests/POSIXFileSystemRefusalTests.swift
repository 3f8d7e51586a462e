import DurableState
import Foundation
import LifelineTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What ``POSIXFileSystem`` refuses: links below its root, FIFOs and hard-linked files as data,
/// paths outside its root. Each refusal is a typed error naming the path, and nothing outside
/// the root changes.
@Suite("POSIXFileSystem refusals")
struct POSIXFileSystemRefusalTests {
    let scratch = TemporaryDirectory("refusals")
    var data: String { scratch.file("data") }
    var fileSystem: POSIXFileSystem { POSIXFileSystem(root: data) }

    init() throws {
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    }

    @Test("a link as the last component is refused by every call, and its target is untouched")
    func linkAtTheFile() throws {
        let victim = try HostileFiles.Victim(at: scratch.file("outside/victim"))
        let link = data + "/file"
        try HostileFiles.plantLink(at: link, to: victim.path)
        let refusal = FileSystemError.symbolicLink(link)
        #expect(throws: refusal) { try fileSystem.readFile(at: link) }
        #expect(throws: refusal) { try fileSystem.writeFile(Data("x".utf8), to: link, permissions: 0o600) }
        #expect(throws: refusal) { try fileSystem.writeAndSyncFile(Data("x".utf8), to: link, permissions: 0o600) }
        #expect(throws: FileSystemError.alreadyExists(link)) { try fileSystem.createNewFile(Data("x".utf8), at: link, permissions: 0o600) }
        #expect(throws: refusal) { try fileSystem.syncFile(at: link) }
        #expect(throws: refusal) { try fileSystem.permissions(at: link) }
        #expect(throws: refusal) { try fileSystem.setPermissions(0o600, at: link) }
        #expect(throws: refusal) { try fileSystem.modificationDate(at: link) }
        #expect(throws: refusal) { try fileSystem.lockFile(at: link, permissions: 0o600) }
        #expect(fileSystem.itemExists(at: link), "the link itself is an item: it is reported, not followed")
        #expect(victim.isUntouched)
        #expect(refusal.description.contains(link))
    }

    @Test("a link in place of a directory below the root is refused by every call that passes through it")
    func linkAtADirectory() throws {
        let elsewhere = scratch.file("outside/notes")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let link = data + "/notes"
        try HostileFiles.plantLink(at: link, to: elsewhere)
        let file = link + "/note.json"
        let refusal = FileSystemError.symbolicLink(link)
        #expect(throws: refusal) { try fileSystem.readFile(at: file) }
        #expect(throws: refusal) { try fileSystem.writeFile(Data("x".utf8), to: file, permissions: 0o600) }
        #expect(throws: refusal) { try fileSystem.createNewFile(Data("x".utf8), at: file, permissions: 0o600) }
        #expect(throws: refusal) { try fileSystem.createDirectory(at: link + "/deeper", permissions: 0o700) }
        #expect(throws: refusal) { try fileSystem.contentsOfDirectory(at: link) }
        #expect(throws: refusal) { try fileSystem.syncDirectory(at: link) }
        #expect(throws: refusal) { try fileSystem.rename(from: file, to: data + "/moved") }
        #expect(!fileSystem.itemExists(at: file))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test("a FIFO is refused as a data file without blocking, by every call that opens it")
    func fifo() throws {
        let path = data + "/windows.json"
        try HostileFiles.plantFIFO(at: path)
        let fileSystem = fileSystem
        let outcomes = HostileFiles.finishing(within: 10) { () -> [FileSystemError?] in
            func outcome(_ body: () throws(FileSystemError) -> Void) -> FileSystemError? {
                do { try body() } catch { return error }
                return nil
            }
            return [
                outcome { () throws(FileSystemError) in _ = try fileSystem.readFile(at: path) },
                outcome { () throws(FileSystemError) in try fileSystem.writeFile(Data("x".utf8), to: path, permissions: 0o600) },
                outcome { () throws(FileSystemError) in try fileSystem.writeAndSyncFile(Data("x".utf8), to: path, permissions: 0o600) },
                outcome { () throws(FileSystemError) in try fileSystem.syncFile(at: path) },
                outcome { () throws(FileSystemError) in try fileSystem.setPermissions(0o600, at: path) },
                outcome { () throws(FileSystemError) in _ = try fileSystem.lockFile(at: path, permissions: 0o600) },
            ]
        }
        #expect(outcomes == Array(repeating: FileSystemError.notRegularFile(path), count: 6))
        #expect(HostileFiles.isFIFO(path))
    }

    @Test("a file with another name is not written in place, so the other name keeps its contents")
    func hardLink() throws {
        let victim = try HostileFiles.Victim(at: scratch.file("outside/victim"))
        let path = data + "/launches.guard"
        guard link(victim.path, path) == 0 else { throw HostileFileError("link failed: errno \(errno)") }
        #expect(throws: FileSystemError.hardLinked(path)) { try fileSystem.writeFile(Data("1".utf8), to: path, permissions: 0o600) }
        #expect(victim.isUntouched)
    }

    @Test("relative paths, paths with .. and paths outside the root are refused before any system call")
    func outsideTheRoot() throws {
        let root = fileSystem.root
        for path in [scratch.file("elsewhere"), data + "/../elsewhere", "relative/file"] {
            #expect(throws: FileSystemError.outsideRoot(path: path, root: root)) {
                try fileSystem.writeFile(Data("x".utf8), to: path, permissions: 0o600)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("elsewhere")))
    }

    @Test("the root's own path may pass through a link: it is the caller's choice")
    func linkedRoot() throws {
        let linked = scratch.file("linked-data")
        try HostileFiles.plantLink(at: linked, to: data)
        let fileSystem = POSIXFileSystem(root: linked)
        try fileSystem.createDirectory(at: linked + "/notes", permissions: 0o700)
        try fileSystem.writeFile(Data("hello".utf8), to: linked + "/notes/a.json", permissions: 0o600)
        #expect(try fileSystem.readFile(at: linked + "/notes/a.json") == Data("hello".utf8))
        #expect(FileManager.default.fileExists(atPath: data + "/notes/a.json"))
        try fileSystem.syncDirectory(at: scratch.path)
    }

    @Test(
        "only the system's own links are followed in a directory's place: root's, in a directory only root may write",
        .enabled(if: geteuid() == 0, "needs root to own the link")
    )
    func systemLinks() throws {
        let system = scratch.file("system")
        let real = scratch.file("private/var")
        try FileManager.default.createDirectory(atPath: system, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        chmod(system, 0o755)
        guard symlink("../private/var", system + "/var") == 0 else { throw HostileFileError("symlink failed") }
        let fileSystem = POSIXFileSystem()
        try fileSystem.createDirectory(at: system + "/var/app", permissions: 0o700)
        try fileSystem.writeFile(Data("through the system link".utf8), to: system + "/var/app/file", permissions: 0o600)
        #expect(try String(contentsOfFile: real + "/app/file", encoding: .utf8) == "through the system link")
        try fileSystem.syncDirectory(at: system + "/var")

        chmod(system, 0o777)
        #expect(throws: FileSystemError.symbolicLink(system + "/var")) { try fileSystem.readFile(at: system + "/var/app/file") }
        chmod(system, 0o755)
        guard lchown(system + "/var", 65534, 65534) == 0 else { throw HostileFileError("lchown failed") }
        #expect(throws: FileSystemError.symbolicLink(system + "/var")) { try fileSystem.readFile(at: system + "/var/app/file") }
        #expect(throws: FileSystemError.symbolicLink(system + "/var")) { try fileSystem.syncDirectory(at: system + "/var") }
    }

    @Test("a lock is exclusive until released, and a refused lock changes nothing in the file")
    func locks() throws {
        let path = data + "/.lock"
        let first = try fileSystem.lockFile(at: path, permissions: 0o600)
        try fileSystem.writeFile(Data("4242\n".utf8), to: path, permissions: 0o600)
        let before = try HostileFiles.Snapshot(of: path)
        #expect(throws: FileSystemError.locked(path)) { try fileSystem.lockFile(at: path, permissions: 0o644) }
        #expect(try HostileFiles.Snapshot(of: path) == before)
        first.release()
        #expect(!first.isHeld)
        let second = try fileSystem.lockFile(at: path, permissions: 0o600)
        #expect(second.isHeld)
    }

    @Test("a released lock is free at once while a copy of its descriptor is still open, as in a child process spawned meanwhile")
    func releaseWithACopiedDescriptor() throws {
        let path = data + "/.lock"
        let first = try fileSystem.lockFile(at: path, permissions: 0o600)
        let copy = try #require(Self.copyOfOpenDescriptor(of: path), "the lock's descriptor is open in /proc/self/fd")
        defer { close(copy) }
        first.release()
        let second = try fileSystem.lockFile(at: path, permissions: 0o600)
        #expect(second.isHeld)
    }

    /// A duplicate of a descriptor this process has open on `path`, found in `/proc/self/fd`:
    /// what a child process holds between its fork and its exec.
    static func copyOfOpenDescriptor(of path: String) -> Int32? {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for name in names {
            guard let descriptor = Int32(name),
                  (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")) == target
            else { continue }
            return dup(descriptor)
        }
        return nil
    }

    @Test("a new file is created exclusively: a taken name fails and keeps its contents")
    func exclusiveCreation() throws {
        let path = data + "/.doc.1.tmp"
        try fileSystem.createNewFile(Data("mine".utf8), at: path, permissions: 0o600)
        #expect(throws: FileSystemError.alreadyExists(path)) { try fileSystem.createNewFile(Data("theirs".utf8), at: path, permissions: 0o600) }
        #expect(try fileSystem.readFile(at: path) == Data("mine".utf8))
        #expect(try fileSystem.permissions(at: path) == 0o600)
    }
}
