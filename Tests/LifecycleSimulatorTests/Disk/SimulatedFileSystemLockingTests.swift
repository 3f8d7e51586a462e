import DurableState
import Foundation
import LifecycleSimulator
import Testing

/// The simulated disks' file locks behave like `flock` between process incarnations: one holder
/// at a time, released when the holder dies.
@Suite("Simulated file locks")
struct SimulatedFileSystemLockingTests {
    @Test("one incarnation holds a lock; the next can take it once the holder is killed")
    func simulatedDisk() throws {
        let disk = SimulatedDisk(image: DiskImage(directories: ["/data"]))
        let first = disk.mount()
        let lock = try first.lockFile(at: "/data/.lock", permissions: 0o600)
        let second = disk.mount()
        #expect(throws: FileSystemError.locked("/data/.lock")) { try second.lockFile(at: "/data/.lock", permissions: 0o600) }
        disk.kill(first)
        #expect(lock.isHeld, "the dead holder's value still exists; the disk no longer honours it")
        #expect(try second.lockFile(at: "/data/.lock", permissions: 0o600).isHeld)
    }

    @Test("a released lock can be taken again; a data directory is claimed once per incarnation")
    func dataDirectory() throws {
        let disk = SimulatedDisk(image: DiskImage(directories: ["/data"]))
        let first = disk.mount()
        let claimed = try DataDirectory.claim("/data", fileSystem: first, processID: 1)
        #expect(throws: DataDirectoryError.inUse(path: "/data", processID: 1)) {
            try DataDirectory.claim("/data", fileSystem: disk.mount(), processID: 2)
        }
        claimed.release()
        #expect(try DataDirectory.claim("/data", fileSystem: disk.mount(), processID: 3).isHeld)
    }

    @Test("the placeholder disk releases every lock when the process dies")
    func placeholderDisk() throws {
        let disk = PlaceholderDisk()
        try disk.createDirectory(at: "/data", permissions: 0o700)
        let held = try disk.lockFile(at: "/data/.lock", permissions: 0o600)
        #expect(throws: FileSystemError.locked("/data/.lock")) { try disk.lockFile(at: "/data/.lock", permissions: 0o600) }
        disk.processDied(.kill)
        #expect(held.isHeld, "the dead holder's value still exists; the disk no longer honours it")
        #expect(try disk.lockFile(at: "/data/.lock", permissions: 0o600).isHeld)
    }
}
