import DurableState
import Foundation
import LifelineTestSupport
import Testing

@Suite("DataDirectory")
struct DataDirectoryTests {
    let scratch = TemporaryDirectory("data-directory")
    var path: String { scratch.file("app") }

    @Test("a missing directory is created owner-only, locked, and the holder's pid written")
    func claimsANewDirectory() throws {
        let claimed = try DataDirectory.claim(path, fileSystem: POSIXFileSystem(root: path), processID: 4242)
        #expect(claimed.isHeld)
        #expect(claimed.access == .ownerOnly)
        #expect(HostileFiles.mode(path) == 0o700)
        #expect(try String(contentsOfFile: claimed.lockPath, encoding: .utf8) == "4242\n")
        #expect(HostileFiles.mode(claimed.lockPath) == 0o600)
    }

    @Test("a second claim is refused with the holder's pid and writes nothing; after release it succeeds")
    func secondClaimIsRefused() throws {
        let first = try DataDirectory.claim(path, fileSystem: POSIXFileSystem(root: path), processID: 4242)
        let before = try HostileFiles.Snapshot(of: first.lockPath)
        let refusal = DataDirectoryError.inUse(path: path, processID: 4242)
        #expect(throws: refusal) { try DataDirectory.claim(path, fileSystem: POSIXFileSystem(root: path), processID: 7) }
        #expect(refusal.description.contains("pid 4242"))
        #expect(try HostileFiles.Snapshot(of: first.lockPath) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == [DataDirectory.lockFileName])
        first.release()
        let second = try DataDirectory.claim(path, fileSystem: POSIXFileSystem(root: path), processID: 7)
        #expect(second.isHeld)
    }

    @Test("the lock goes with the value: a claim dropped without release frees the directory")
    func releasedOnDeinit() throws {
        do {
            _ = try DataDirectory.claim(path, fileSystem: POSIXFileSystem(root: path))
        }
        #expect(try DataDirectory.claim(path, fileSystem: POSIXFileSystem(root: path)).isHeld)
    }

    @Test("an existing directory that others may enter is tightened to its owner's bits", arguments: [0o755, 0o750, 0o701, 0o777])
    func tightens(mode: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        chmod(path, mode_t(mode))
        let claimed = try DataDirectory.claim(path, fileSystem: POSIXFileSystem(root: path))
        #expect(claimed.access == .tightened(from: UInt16(mode)))
        #expect(HostileFiles.mode(path) == 0o700)
    }

    @Test("a link in place of the directory is refused when its parent is the root")
    func linkInPlace() throws {
        let elsewhere = scratch.file("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try HostileFiles.plantLink(at: path, to: elsewhere)
        #expect(throws: DataDirectoryError.unusable(path: path, cause: .symbolicLink(path))) {
            try DataDirectory.claim(path, fileSystem: POSIXFileSystem(root: scratch.path))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test("a file or a device given as the directory is refused as not a directory, and left alone", arguments: ["file", "/dev/null"])
    func notADirectory(kind: String) throws {
        let target = kind == "file" ? scratch.file("a-file") : kind
        if kind == "file" { try Data("keep me".utf8).write(to: URL(fileURLWithPath: target)) }
        let error = #expect(throws: DataDirectoryError.notADirectory(path: target)) {
            try DataDirectory.claim(target, fileSystem: POSIXFileSystem(root: target))
        }
        #expect(error?.description == "\(target) is not a directory, so it cannot be the data directory")
        if kind == "file" { #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me") }
    }
}
