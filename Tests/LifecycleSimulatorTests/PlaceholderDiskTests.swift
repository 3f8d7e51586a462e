import DurableState
import Foundation
import LifecycleSimulator
import Testing

@Suite("PlaceholderDisk")
struct PlaceholderDiskTests {
    func prepared() throws -> PlaceholderDisk {
        let disk = PlaceholderDisk()
        try disk.createDirectory(at: "/d", permissions: 0o700)
        try disk.writeFile(Data("old".utf8), to: "/d/f", permissions: 0o600)
        try disk.syncFile(at: "/d/f")
        try disk.syncDirectory(at: "/d")
        try disk.writeFile(Data("new".utf8), to: "/d/f.tmp", permissions: 0o600)
        try disk.syncFile(at: "/d/f.tmp")
        try disk.rename(from: "/d/f.tmp", to: "/d/f")
        return disk
    }

    @Test("a kill keeps every written byte")
    func killKeepsWrites() throws {
        let disk = try prepared()
        disk.processDied(.kill)
        #expect(try disk.readFile(at: "/d/f") == Data("new".utf8))
    }

    @Test("a power loss loses a rename whose directory was not synced")
    func powerLossLosesUnsyncedRename() throws {
        let disk = try prepared()
        disk.processDied(.powerLoss(policy: .renameLostWithoutDirectorySync, seed: 0))
        #expect(try disk.readFile(at: "/d/f") == Data("old".utf8))
    }

    @Test("a power loss keeps a rename once its directory is synced")
    func powerLossKeepsSyncedRename() throws {
        let disk = try prepared()
        try disk.syncDirectory(at: "/d")
        disk.processDied(.powerLoss(policy: .inOrderPrefix, seed: 0))
        #expect(try disk.readFile(at: "/d/f") == Data("new".utf8))
        #expect(try disk.contentsOfDirectory(at: "/d") == ["f"])
    }
}
