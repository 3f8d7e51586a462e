import DurableState
import Foundation
import Synchronization

extension PlaceholderDisk {
    /// Takes the lock of the file at `path` (created empty if missing): one holder at a time;
    /// released by the returned `FileLock` or when the process dies (``processDied(_:)``). The
    /// disk is shared by every incarnation, so a second lock fails even from the same one, as a
    /// second `flock` on another descriptor does.
    public func lockFile(at path: String, permissions: UInt16) throws(FileSystemError) -> FileLock {
        if !itemExists(at: path) { try writeFile(Data(), to: path, permissions: permissions) }
        guard heldLocks.withLock({ $0.insert(path).inserted }) else { throw .locked(path) }
        return FileLock(path: path) { [weak self] in
            _ = self?.heldLocks.withLock { $0.remove(path) }
        }
    }
}
