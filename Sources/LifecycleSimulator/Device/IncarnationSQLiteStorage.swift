import DurableState
import Foundation
import Lifecycle

/// One incarnation's storage as its SQLite VFS sees it: every call is admitted by the
/// incarnation's fenced file system, exactly as its `FileSystem` calls are (refused once it is
/// dead, counted as a crash point and traced if it changes the disk, refused off the main
/// thread), then run on the device's disk.
///
/// Made by ``IncarnationFileSystem/sqliteVFSName`` and held by the VFS; `Sendable`.
struct IncarnationSQLiteStorage: SQLiteFileStorage {
    /// The admitting view: a copy of the incarnation's file system made without its VFS slot.
    let fileSystem: IncarnationFileSystem
    /// The device's disk with byte-range calls (`nil` for a disk without them, such as
    /// ``PlaceholderDisk``: every file then fails to open).
    let disk: (any SQLiteFileStorage)?

    /// The disk, or the failure of a disk without byte-range calls.
    private func byteRangeDisk(_ path: String) throws(FileSystemError) -> any SQLiteFileStorage {
        guard let disk else { throw .io(path: path, operation: "SQLite (the device's disk has no byte-range files)", code: ENOTSUP) }
        return disk
    }

    func openFile(at path: String, create: Bool, exclusive: Bool, permissions: UInt16) throws(FileSystemError) {
        let disk = try byteRangeDisk(path)
        let exists = (try? disk.fileSize(at: path)) != nil
        try fileSystem.admit(create && !exists ? .create : .stat, path)
        try disk.openFile(at: path, create: create, exclusive: exclusive, permissions: permissions)
    }

    func fileSize(at path: String) throws(FileSystemError) -> Int {
        try fileSystem.admit(.stat, path)
        return try byteRangeDisk(path).fileSize(at: path)
    }

    func readBytes(at path: String, offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(FileSystemError) -> Int {
        try fileSystem.admit(.read, path)
        return try byteRangeDisk(path).readBytes(at: path, offset: offset, into: buffer)
    }

    func writeBytes(_ data: Data, at path: String, offset: Int) throws(FileSystemError) {
        let disk = try byteRangeDisk(path)
        try fileSystem.admit(.write, path, bytes: data.count)
        try disk.writeBytes(data, at: path, offset: offset)
    }

    func truncateFile(at path: String, to size: Int) throws(FileSystemError) {
        let disk = try byteRangeDisk(path)
        try fileSystem.admit(.truncate, path, bytes: size)
        try disk.truncateFile(at: path, to: size)
    }

    func checkAlive(_ path: String) throws(FileSystemError) {
        try fileSystem.admit(.stat, path)
    }

    var unixMilliseconds: Int64 {
        let context = fileSystem.context
        guard MainQueue.isCurrent else { return SimulatedSQLiteVFS.originMilliseconds }
        return SimulatedSQLiteVFS.originMilliseconds + MainActor.assumeIsolated { context.nowMilliseconds }
    }

    var randomSeed: UInt64 {
        SimulationRandom.derive(fileSystem.context.seed, UInt64(fileSystem.incarnation))
    }

    func recordCommit(ofDatabaseAt path: String) {
        guard MainQueue.isCurrent else { return }
        let context = fileSystem.context
        let incarnation = fileSystem.incarnation
        MainActor.assumeIsolated { context.recordSQLiteCommit(ofDatabaseAt: path, incarnation: incarnation) }
    }

    // The `FileSystem` calls, admitted by the incarnation's view.

    func readFile(at path: String) throws(FileSystemError) -> Data { try fileSystem.readFile(at: path) }
    func itemExists(at path: String) -> Bool { fileSystem.itemExists(at: path) }
    func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
        try fileSystem.createDirectory(at: path, permissions: permissions)
    }
    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] { try fileSystem.contentsOfDirectory(at: path) }
    func removeItem(at path: String) throws(FileSystemError) { try fileSystem.removeItem(at: path) }
    func rename(from source: String, to destination: String) throws(FileSystemError) {
        try fileSystem.rename(from: source, to: destination)
    }
    func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        try fileSystem.writeFile(data, to: path, permissions: permissions)
    }
    func syncFile(at path: String) throws(FileSystemError) { try fileSystem.syncFile(at: path) }
    func syncDirectory(at path: String) throws(FileSystemError) { try fileSystem.syncDirectory(at: path) }
    func permissions(at path: String) throws(FileSystemError) -> UInt16 { try fileSystem.permissions(at: path) }
    func createNewFile(_ data: Data, at path: String, permissions: UInt16) throws(FileSystemError) {
        try fileSystem.createNewFile(data, at: path, permissions: permissions)
    }
    func modificationDate(at path: String) throws(FileSystemError) -> Date? { try fileSystem.modificationDate(at: path) }
    func setPermissions(_ permissions: UInt16, at path: String) throws(FileSystemError) {
        try fileSystem.setPermissions(permissions, at: path)
    }
    func lockFile(at path: String, permissions: UInt16) throws(FileSystemError) -> FileLock {
        try fileSystem.lockFile(at: path, permissions: permissions)
    }
}

extension IncarnationFileSystem {
    /// The name of the incarnation's SQLite VFS, registered on first use: a `Database` opened on
    /// this file system keeps its files on the device's disk, each call admitted like this
    /// file system's own.
    var sqliteVFSName: String {
        sqlite.vfs {
            let admitting = IncarnationFileSystem(base: base, context: context, incarnation: incarnation)
            return SimulatedSQLiteVFS(storage: IncarnationSQLiteStorage(fileSystem: admitting, disk: base as? any SQLiteFileStorage))
        }.name
    }
}
