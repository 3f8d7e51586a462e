import CSQLite
import Foundation

/// `xFileControl`: the few operations the simulated VFS answers; SQLite treats
/// `SQLITE_NOTFOUND` (every other one) as "not supported, carry on".
extension SimulatedSQLiteFile {
    func control(_ operation: Int32, _ argument: UnsafeMutableRawPointer?) -> Int32 {
        switch operation {
        case SQLITE_FCNTL_COMMIT_PHASETWO:
            // Sent once a transaction has committed, before the database is unlocked.
            recordCommit()
            return SQLITE_OK
        case SQLITE_FCNTL_LOCKSTATE:
            guard let argument else { return SQLITE_MISUSE }
            argument.storeBytes(of: lockLevel, as: Int32.self)
            return SQLITE_OK
        case SQLITE_FCNTL_VFSNAME:
            return storeCopy(of: vfs.name, in: argument)
        case SQLITE_FCNTL_TEMPFILENAME:
            return storeCopy(of: vfs.temporaryPath(), in: argument)
        case SQLITE_FCNTL_POWERSAFE_OVERWRITE:
            guard let argument else { return SQLITE_MISUSE }
            let value = argument.load(as: Int32.self)
            if value < 0 {
                argument.storeBytes(of: powersafeOverwrite ? 1 : 0, as: Int32.self)
            } else {
                powersafeOverwrite = value != 0
            }
            return SQLITE_OK
        case SQLITE_FCNTL_HAS_MOVED:
            guard let argument else { return SQLITE_MISUSE }
            let present = (try? storage.fileSize(at: path)) != nil
            argument.storeBytes(of: present ? 0 : 1, as: Int32.self)
            return SQLITE_OK
        default:
            return SQLITE_NOTFOUND
        }
    }

    /// Records the commit in the trace if the database's files changed since the last one (a
    /// transaction that wrote nothing commits too).
    private func recordCommit() {
        guard isMainDatabase else { return }
        let changes = vfs.changeCount(of: database)
        guard changes != changesAtLastCommit else { return }
        changesAtLastCommit = changes
        storage.recordCommit(ofDatabaseAt: path)
    }

    /// Stores a copy of `text` from `sqlite3_malloc` (SQLite frees it) at the `char **` `argument`.
    private func storeCopy(of text: String, in argument: UnsafeMutableRawPointer?) -> Int32 {
        guard let argument else { return SQLITE_MISUSE }
        let bytes = Array(text.utf8CString)
        guard let copy = sqlite3_malloc64(sqlite3_uint64(bytes.count)) else { return SQLITE_NOMEM }
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { copy.copyMemory(from: base, byteCount: source.count) }
        }
        argument.storeBytes(of: copy, as: UnsafeMutableRawPointer?.self)
        return SQLITE_OK
    }
}
