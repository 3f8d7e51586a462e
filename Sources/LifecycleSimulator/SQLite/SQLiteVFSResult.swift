import CSQLite
import DurableState
import Foundation

/// The result codes the simulated VFS returns, and the mapping of disk failures to them.
///
/// SQLite's extended `SQLITE_IOERR_*` codes are macros Swift does not import; they are spelled
/// out here from `sqlite3.h` (`SQLITE_IOERR | (n << 8)`).
enum SQLiteVFSResult {
    static let read = SQLITE_IOERR | (1 << 8)
    static let shortRead = SQLITE_IOERR | (2 << 8)
    static let write = SQLITE_IOERR | (3 << 8)
    static let fsync = SQLITE_IOERR | (4 << 8)
    static let directoryFsync = SQLITE_IOERR | (5 << 8)
    static let truncate = SQLITE_IOERR | (6 << 8)
    static let fstat = SQLITE_IOERR | (7 << 8)
    static let unlock = SQLITE_IOERR | (8 << 8)
    static let delete = SQLITE_IOERR | (10 << 8)
    static let access = SQLITE_IOERR | (13 << 8)
    static let checkReservedLock = SQLITE_IOERR | (14 << 8)
    static let lock = SQLITE_IOERR | (15 << 8)
    static let sharedMemorySize = SQLITE_IOERR | (19 << 8)
    static let sharedMemoryLock = SQLITE_IOERR | (20 << 8)
    static let sharedMemoryMap = SQLITE_IOERR | (21 << 8)
    static let deleteMissing = SQLITE_IOERR | (23 << 8)
}

extension FileSystemError {
    /// The code a VFS call returns for this failure, `ioCode` being the call's own I/O error
    /// code (`SQLITE_IOERR_WRITE` for `xWrite`…): a fenced (dead) incarnation gets plain
    /// `SQLITE_IOERR`, a full disk `SQLITE_FULL`, a lock held elsewhere `SQLITE_BUSY`, a file its protection class keeps
    /// closed `SQLITE_AUTH` (Apple's SQLite reports data protection so), every other
    /// failure `ioCode`.
    func sqliteResultCode(_ ioCode: Int32) -> Int32 {
        switch self {
        case .fenced: SQLITE_IOERR
        case .noSpace: SQLITE_FULL
        case .io(_, _, let code) where code == ENOSPC: SQLITE_FULL
        case .locked: SQLITE_BUSY
        case .protectedDataUnavailable: SQLITE_AUTH
        case .notFound, .permissionDenied, .io, .symbolicLink, .notRegularFile, .hardLinked, .outsideRoot, .alreadyExists: ioCode
        }
    }
}
