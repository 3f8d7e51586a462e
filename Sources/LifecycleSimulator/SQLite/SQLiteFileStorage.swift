import DurableState
import Foundation

/// What ``SimulatedSQLiteVFS`` needs of a file system beyond `FileSystem`: files opened without
/// being replaced, byte ranges read and written in place, sizes and truncation (the calls of a
/// POSIX file descriptor), plus the device's clock, a seed and a trace.
///
/// ``SimulatedFileSystem`` runs these calls on the disk; an incarnation's fenced view admits each
/// one as it admits its `FileSystem` calls (fencing, crash points, trace, canary scans), then runs
/// it on the disk. Implementations are `Sendable`; the simulator calls them on the main thread.
protocol SQLiteFileStorage: FileSystem {
    /// Opens the file at `path`: with `create`, a missing file is created empty with
    /// `permissions` (its name durable once the directory is synced).
    /// - Throws: `FileSystemError.notFound` if the file (or, when creating, its directory) is
    ///   missing; `.io(…, EEXIST)` with `exclusive` if it exists. Nothing changes.
    func openFile(at path: String, create: Bool, exclusive: Bool, permissions: UInt16) throws(FileSystemError)

    /// The size of the file at `path` in bytes.
    /// - Throws: `.notFound` if there is none; `.io(…, EISDIR)` for a directory.
    func fileSize(at path: String) throws(FileSystemError) -> Int

    /// Copies the file's bytes from `offset` into `buffer`; returns how many there were (fewer
    /// than the buffer holds at the end of the file).
    func readBytes(at path: String, offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(FileSystemError) -> Int

    /// Writes `data` into the file at `offset` (`pwrite`), the file growing if needed. Pending
    /// until the file is synced.
    /// - Throws: `.noSpace` if the disk is full; nothing changes.
    func writeBytes(_ data: Data, at path: String, offset: Int) throws(FileSystemError)

    /// Cuts the file to `size` bytes, or extends it with zeros. Pending until the file is synced.
    func truncateFile(at path: String, to size: Int) throws(FileSystemError)

    /// Throws `.fenced` if the incarnation behind this file system may no longer act: the check
    /// of the calls that touch only its memory (locks, shared memory).
    func checkAlive(_ path: String) throws(FileSystemError)

    /// The device's wall-clock time, in milliseconds since 1970.
    var unixMilliseconds: Int64 { get }

    /// A seed for the VFS's random bytes, the same on every replay of a run.
    var randomSeed: UInt64 { get }

    /// Records in the trace that SQLite committed a transaction of the database at `path`.
    func recordCommit(ofDatabaseAt path: String)
}
