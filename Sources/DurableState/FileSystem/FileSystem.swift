import Foundation

/// The seam through which every storage operation of `DurableState` goes.
///
/// ``POSIXFileSystem`` performs real system calls; the simulator's disk models a process kill
/// (written data survives) and a power loss (only synced data survives, under a crash policy).
/// Calls are synchronous and paths are absolute. Implementations are `Sendable` and safe to call
/// from any thread; the durable stores built on them live on the main actor.
public protocol FileSystem: Sendable {
    /// Reads the whole file at `path`.
    /// - Throws: ``FileSystemError/notFound(_:)`` if there is no such file; nothing changes.
    func readFile(at path: String) throws(FileSystemError) -> Data

    /// Whether a file or directory exists at `path`.
    func itemExists(at path: String) -> Bool

    /// Creates the directory at `path` and any missing parents, with `permissions` (POSIX mode
    /// bits) for the ones it creates. Succeeds if it already exists.
    func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError)

    /// Names of the entries of the directory at `path`, sorted.
    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String]

    /// Removes the file or empty directory at `path`; succeeds if there is none.
    func removeItem(at path: String) throws(FileSystemError)

    /// Atomically renames `source` to `destination`, replacing it. Not durable until the
    /// directory is synced.
    func rename(from source: String, to destination: String) throws(FileSystemError)

    /// Creates (or truncates) the file at `path` with `permissions`, writes `data`, and closes it.
    /// Not durable until ``syncFile(at:)``.
    func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError)

    /// Flushes the file's data and metadata to stable storage (`fsync`, `F_FULLFSYNC` on Apple).
    func syncFile(at path: String) throws(FileSystemError)

    /// ``writeFile(_:to:permissions:)`` followed by ``syncFile(at:)``, through one open file where
    /// the implementation can. The name is not durable until the directory is synced.
    func writeAndSyncFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError)

    /// Flushes the directory's entries (created, renamed and removed names) to stable storage.
    func syncDirectory(at path: String) throws(FileSystemError)

    /// The POSIX permission bits of the item at `path`.
    func permissions(at path: String) throws(FileSystemError) -> UInt16

    /// The name of the SQLite VFS (registered with `sqlite3_vfs_register`) that keeps a
    /// ``Database``'s files on this file system, or `nil` for SQLite's default VFS, on real
    /// files. ``POSIXFileSystem`` answers `nil`; the simulator's file systems answer a VFS over
    /// the simulated disk, so a database opened on them lives there without the app changing.
    var sqliteVFSName: String? { get }
}

extension FileSystem {
    /// SQLite's default VFS: the database's files are real files at their paths.
    public var sqliteVFSName: String? { nil }

    /// Writes then syncs with two calls; ``POSIXFileSystem`` does both through one descriptor.
    public func writeAndSyncFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        try writeFile(data, to: path, permissions: permissions)
        try syncFile(at: path)
    }
}

/// Why a file-system operation failed. The operation did not happen, or for a write, the target
/// file may hold partial data that no reader treats as committed.
public enum FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file or directory at the path.
    case notFound(String)
    /// The process may not access the path.
    case permissionDenied(String)
    /// The device is full.
    case noSpace(String)
    /// The caller's process incarnation was killed; nothing it does reaches the disk (simulator).
    case fenced(String)
    /// Any other failure, with the operation and the `errno` value.
    case io(path: String, operation: String, code: Int32)

    public var description: String {
        switch self {
        case .notFound(let path): "No such file or directory: \(path)"
        case .permissionDenied(let path): "Permission denied: \(path)"
        case .noSpace(let path): "No space left on device while writing \(path)"
        case .fenced(let path): "Write refused: the process incarnation that asked was killed (\(path))"
        case let .io(path, operation, code): "\(operation) failed for \(path) (errno \(code))"
        }
    }
}
