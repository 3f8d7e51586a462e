import CSQLite
import DurableState
import Foundation

/// One file SQLite opened through a ``SimulatedSQLiteVFS``: its path on the simulated disk,
/// what SQLite opened it as, and the lock it holds.
///
/// Attached to SQLite's `sqlite3_file` (retained there, released by `xClose`); it retains its
/// VFS. SQLite calls a file from one thread at a time (the connection's); the lock state it
/// shares with other files is changed under the VFS's lock.
final class SimulatedSQLiteFile {
    let vfs: SimulatedSQLiteVFS
    /// The file's path on the simulated disk.
    let path: String
    /// The file's number in its VFS (the owner of its locks).
    let number: Int
    /// The path of the database the file belongs to (its own path for the database file and
    /// temporary files; the journal's or WAL's path without its suffix).
    let database: String
    /// Whether SQLite opened it as a main database file (where commits are reported).
    let isMainDatabase: Bool
    /// Whether the file is removed when closed (temporary files; `SQLITE_OPEN_DELETEONCLOSE`).
    let deletesOnClose: Bool
    /// Whether the next sync also syncs the file's directory: set for a journal or WAL opened
    /// with `SQLITE_OPEN_CREATE`, so that its name survives a power loss once SQLite relies on
    /// its contents (the unix VFS does the same, once per open).
    var syncsDirectory: Bool
    /// The SQLite lock level held (`SQLITE_LOCK_NONE`…`SQLITE_LOCK_EXCLUSIVE`).
    var lockLevel = SQLITE_LOCK_NONE
    /// Whether the file mapped its database's WAL index and has not unmapped it.
    var mapsSharedMemory = false
    /// The database's change count at the last commit recorded.
    var changesAtLastCommit: Int
    /// Whether the file reports `SQLITE_IOCAP_POWERSAFE_OVERWRITE` (SQLite may turn it off per
    /// file with `SQLITE_FCNTL_POWERSAFE_OVERWRITE`).
    var powersafeOverwrite = true

    init(vfs: SimulatedSQLiteVFS, path: String, number: Int, flags: Int32, isTemporary: Bool) {
        self.vfs = vfs
        self.path = path
        self.number = number
        isMainDatabase = flags & SQLITE_OPEN_MAIN_DB != 0
        deletesOnClose = isTemporary || flags & SQLITE_OPEN_DELETEONCLOSE != 0
        let isJournal = flags & (SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_SUPER_JOURNAL) != 0
        let isWAL = flags & SQLITE_OPEN_WAL != 0
        syncsDirectory = (isJournal || isWAL) && flags & SQLITE_OPEN_CREATE != 0
        if isJournal, path.hasSuffix("-journal") {
            database = String(path.dropLast("-journal".count))
        } else if isWAL, path.hasSuffix("-wal") {
            database = String(path.dropLast("-wal".count))
        } else {
            database = path
        }
        changesAtLastCommit = vfs.changeCount(of: database)
    }

    /// The bytes SQLite allocates per open file: its `sqlite3_file` and a pointer to this object.
    static let slotSize = MemoryLayout<sqlite3_file>.stride + MemoryLayout<UnsafeRawPointer?>.stride

    /// Attaches the file to SQLite's `file` (retained until ``detach(from:)``) with the VFS's methods.
    func attach(to file: UnsafeMutablePointer<sqlite3_file>) {
        Self.slot(of: file).storeBytes(of: Unmanaged.passRetained(self).toOpaque(), as: UnsafeMutableRawPointer?.self)
        file.pointee.pMethods = UnsafePointer(vfs.ioMethods)
    }

    /// The file attached to SQLite's `file`, if any.
    static func from(_ file: UnsafeMutablePointer<sqlite3_file>?) -> SimulatedSQLiteFile? {
        guard let file, let object = slot(of: file).load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<SimulatedSQLiteFile>.fromOpaque(object).takeUnretainedValue()
    }

    /// Releases the file attached to `file` (`xClose`).
    static func detach(from file: UnsafeMutablePointer<sqlite3_file>) {
        let slot = slot(of: file)
        guard let object = slot.load(as: UnsafeMutableRawPointer?.self) else { return }
        slot.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        Unmanaged<SimulatedSQLiteFile>.fromOpaque(object).release()
    }

    private static func slot(of file: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(file).advanced(by: MemoryLayout<sqlite3_file>.stride)
    }

    var storage: any SQLiteFileStorage { vfs.storage }
}
