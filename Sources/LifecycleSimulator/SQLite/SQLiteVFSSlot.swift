import Synchronization

/// Where a simulated file system keeps its ``SimulatedSQLiteVFS``: made on the first
/// `sqliteVFSName` read, then shared by every copy of the file system value, so all the
/// connections of one incarnation share its locks and WAL shared memory.
///
/// The VFS holds a copy of the file system made without this slot (a fresh value), so the two
/// do not keep each other alive: the VFS lives while some copy of the file system or some file
/// SQLite opened through it does. Thread-safe (a mutex); `Sendable`.
final class SQLiteVFSSlot: Sendable {
    private let registered = Mutex<SimulatedSQLiteVFS?>(nil)

    /// The VFS, made by `make` if there is none yet.
    func vfs(_ make: () -> SimulatedSQLiteVFS) -> SimulatedSQLiteVFS {
        registered.withLock { registered in
            if let vfs = registered { return vfs }
            let vfs = make()
            registered = vfs
            return vfs
        }
    }
}
