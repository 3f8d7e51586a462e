import DurableState
import Foundation
import Synchronization

extension SimulatedFileSystem {
    /// Takes the lock of the file at `path` (created empty if missing) for this incarnation: one
    /// holder at a time, as `flock` gives a real process. The lock goes when the returned
    /// `FileLock` is released or when its incarnation is fenced (killed, or the power lost), so
    /// the next incarnation can take it.
    public func lockFile(at path: String, permissions: UInt16) throws(FileSystemError) -> FileLock {
        if !itemExists(at: path) { try writeFile(Data(), to: path, permissions: permissions) }
        let (path, key) = DiskKey.normalizing(path)
        let incarnation = incarnation
        let number = try disk.perform(incarnation, .read, path: path, counts: false) { (core: inout SimulatedDisk.Core) throws(FileSystemError) -> Int in
            let number = core.paths.number(of: key)
            if let holder = core.locks[number], !core.isFenced(holder) { throw .locked(path) }
            core.locks[number] = incarnation
            return number
        }
        let disk = disk
        return FileLock(path: path) {
            disk.core.withLock { core in
                if core.locks[number] == incarnation { core.locks[number] = nil }
            }
        }
    }
}
