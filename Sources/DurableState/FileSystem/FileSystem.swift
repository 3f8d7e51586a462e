import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The seam through which every storage operation of `DurableState` goes.
///
/// ``POSIXFileSystem`` performs real system calls; the simulator's disk models a process kill
/// (written data survives) and a power loss (only synced data survives, under a crash policy).
/// Calls are synchronous and paths are absolute. Implementations are `Sendable` and safe to call
/// from any thread; the durable stores built on them live on the main actor.
///
/// Files that touch the outside world refuse what they did not create: an implementation never
/// follows a symbolic link (``FileSystemError/symbolicLink(_:)``), never reads or writes a FIFO,
/// socket or device as a data file (``FileSystemError/notRegularFile(_:)``), and never blocks
/// opening one. The simulated disks have no links or special files, so they refuse trivially.
public protocol FileSystem: Sendable {
    /// Reads the whole file at `path`.
    /// - Throws: ``FileSystemError/notFound(_:)`` if there is no such file; nothing changes.
    func readFile(at path: String) throws(FileSystemError) -> Data

    /// Whether a file or directory exists at `path`.
    func itemExists(at path: String) -> Bool

    /// Whether a directory — not a file, and not a link to a directory — is at `path`.
    func directoryExists(at path: String) -> Bool

    /// The file at `path` and its size, but only if it holds at most `maximumSize` bytes: a
    /// longer file is not read (its `contents` are empty and its `size` says by how much it is
    /// over), so a small file's reader is never made to read a huge one.
    /// - Throws: ``FileSystemError/notFound(_:)`` if there is no such file; nothing changes.
    func readFile(at path: String, maximumSize: Int) throws(FileSystemError) -> (contents: Data, size: Int)

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

    /// Creates a **new** file at `path` with `permissions`, writes `data`, syncs it and closes it.
    /// The name must be free: a file, directory or link already there fails the call with
    /// ``FileSystemError/alreadyExists(_:)`` and is left alone. The durable recipe makes its
    /// temporary files this way, so two writers never share one. Not durable until the directory
    /// is synced.
    func createNewFile(_ data: Data, at path: String, permissions: UInt16) throws(FileSystemError)

    /// When the item at `path` was last modified, or `nil` if the file system does not record it
    /// (the simulated disks).
    func modificationDate(at path: String) throws(FileSystemError) -> Date?

    /// Sets the POSIX permission bits of the file or directory at `path`.
    func setPermissions(_ permissions: UInt16, at path: String) throws(FileSystemError)

    /// Gives the file at `path` the data protection class `protection`, which the platform then
    /// enforces (``ProtectedFileSystem`` calls it for each file it writes). On Apple platforms
    /// ``POSIXFileSystem`` sets its `FileProtectionType`; elsewhere there is no data protection,
    /// and it does nothing.
    /// - Throws: ``FileSystemError``; the file's contents are as they were written.
    func setProtection(_ protection: DataProtection, at path: String) throws(FileSystemError)

    /// Takes the exclusive lock of the file at `path` (created with `permissions` if missing)
    /// without waiting, for as long as the returned ``FileLock`` is held.
    ///
    /// One holder at a time: a second lock of the same file — from another process, or another
    /// call in this one — fails with ``FileSystemError/locked(_:)`` while the first is held. The
    /// lock goes when it is released, when the ``FileLock`` is deinitialized, or when the holder's
    /// process dies (a kill included). Taking it writes nothing to an existing file.
    func lockFile(at path: String, permissions: UInt16) throws(FileSystemError) -> FileLock
}

extension FileSystem {
    /// Whether listing `path` as a directory succeeds (a simulated disk has no links).
    public func directoryExists(at path: String) -> Bool {
        (try? contentsOfDirectory(at: path)) != nil
    }

    /// Reads the whole file and keeps it only if it is within `maximumSize` (a simulated disk's
    /// files are in memory already); ``POSIXFileSystem`` checks the size before reading.
    public func readFile(at path: String, maximumSize: Int) throws(FileSystemError) -> (contents: Data, size: Int) {
        let data = try readFile(at: path)
        return (data.count <= maximumSize ? data : Data(), data.count)
    }

    /// Writes then syncs with two calls; ``POSIXFileSystem`` does both through one descriptor.
    public func writeAndSyncFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        try writeFile(data, to: path, permissions: permissions)
        try syncFile(at: path)
    }

    /// Checks that the name is free, then writes and syncs (removing the file again if that
    /// fails): exclusive for a file system whose callers do not race each other (the simulated
    /// disks, run on one thread). ``POSIXFileSystem`` creates with `O_EXCL` instead.
    public func createNewFile(_ data: Data, at path: String, permissions: UInt16) throws(FileSystemError) {
        guard !itemExists(at: path) else { throw .alreadyExists(path) }
        do {
            try writeAndSyncFile(data, to: path, permissions: permissions)
        } catch {
            try? removeItem(at: path)
            throw error
        }
    }

    /// `nil`: modification times are not recorded.
    public func modificationDate(at path: String) throws(FileSystemError) -> Date? { nil }

    /// Nothing: this file system has no data protection classes.
    public func setProtection(_ protection: DataProtection, at path: String) throws(FileSystemError) {}

    /// Throws: permission changes are not supported by this file system.
    public func setPermissions(_ permissions: UInt16, at path: String) throws(FileSystemError) {
        throw .io(path: path, operation: "chmod (not supported by this file system)", code: ENOTSUP)
    }
}
