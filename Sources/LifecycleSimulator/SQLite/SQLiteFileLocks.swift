import CSQLite

/// The SQLite file locks of one incarnation, by path: what the unix VFS keeps in POSIX
/// advisory locks, kept here in the incarnation's memory, so a kill or a power loss drops them.
///
/// SQLite's five levels, per open file: `NONE`, `SHARED` (reading), `RESERVED` (one writer
/// preparing a transaction, readers still admitted), `PENDING` (that writer waiting for the
/// readers to leave, new readers refused), `EXCLUSIVE` (writing the database file). Files are
/// numbered by their VFS. A value; ``SimulatedSQLiteVFS`` keeps one under its lock.
struct SQLiteFileLocks {
    private struct Entry {
        /// Open files holding `SHARED` or more.
        var readers = 0
        /// The file holding `RESERVED`, `PENDING` or `EXCLUSIVE`, and which.
        var writer: (file: Int, level: Int32)?
    }

    private var entries: [String: Entry] = [:]

    /// Raises `file`'s lock on `path` from `current` to `level` (`SHARED`, `RESERVED` or
    /// `EXCLUSIVE`; SQLite never asks for `PENDING`, it is taken on the way to `EXCLUSIVE`).
    /// - Returns: `SQLITE_OK` or `SQLITE_BUSY`, and the level now held (`PENDING` when
    ///   `EXCLUSIVE` waits for readers).
    mutating func lock(_ path: String, file: Int, from current: Int32, to level: Int32) -> (code: Int32, level: Int32) {
        guard level > current else { return (SQLITE_OK, current) }
        var entry = entries[path] ?? Entry()
        defer { entries[path] = entry }
        let otherWriter = entry.writer.map { $0.file != file } ?? false
        switch level {
        case SQLITE_LOCK_SHARED:
            if otherWriter, let writer = entry.writer, writer.level >= SQLITE_LOCK_PENDING { return (SQLITE_BUSY, current) }
            entry.readers += 1
            return (SQLITE_OK, SQLITE_LOCK_SHARED)
        case SQLITE_LOCK_RESERVED:
            guard current == SQLITE_LOCK_SHARED else { return (SQLITE_MISUSE, current) }
            if otherWriter { return (SQLITE_BUSY, current) }
            entry.writer = (file, SQLITE_LOCK_RESERVED)
            return (SQLITE_OK, SQLITE_LOCK_RESERVED)
        case SQLITE_LOCK_EXCLUSIVE:
            guard current >= SQLITE_LOCK_SHARED else { return (SQLITE_MISUSE, current) }
            if otherWriter { return (SQLITE_BUSY, current) }
            // The file's own SHARED lock is among the readers.
            if entry.readers > 1 {
                entry.writer = (file, SQLITE_LOCK_PENDING)
                return (SQLITE_BUSY, SQLITE_LOCK_PENDING)
            }
            entry.writer = (file, SQLITE_LOCK_EXCLUSIVE)
            return (SQLITE_OK, SQLITE_LOCK_EXCLUSIVE)
        default:
            return (SQLITE_MISUSE, current)
        }
    }

    /// Lowers `file`'s lock on `path` from `current` to `level` (`SHARED` or `NONE`); returns
    /// the level now held.
    mutating func unlock(_ path: String, file: Int, from current: Int32, to level: Int32) -> Int32 {
        guard level < current, var entry = entries[path] else { return min(level, current) }
        if current >= SQLITE_LOCK_RESERVED, entry.writer?.file == file { entry.writer = nil }
        if level == SQLITE_LOCK_NONE { entry.readers = max(0, entry.readers - 1) }
        entries[path] = entry.readers == 0 && entry.writer == nil ? nil : entry
        return level
    }

    /// Whether some file holds `RESERVED` or more on `path` (`xCheckReservedLock`).
    func isReserved(_ path: String) -> Bool {
        entries[path]?.writer != nil
    }
}
