import DurableState
import Foundation

extension IncarnationFileSystem {
    /// Creates the lock file if missing (an admitted write), then takes the lock on the device's
    /// disk; refused like every other call once the incarnation is dead.
    func lockFile(at path: String, permissions: UInt16) throws(FileSystemError) -> FileLock {
        if !itemExists(at: path) { try writeFile(Data(), to: path, permissions: permissions) }
        try admit(.stat, path)
        return try base.lockFile(at: path, permissions: permissions)
    }
}
