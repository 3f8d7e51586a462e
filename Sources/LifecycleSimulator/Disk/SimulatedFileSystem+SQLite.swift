import DurableState
import Foundation

/// The byte-range calls of the SQLite VFS, run on the disk under its lock like every other call:
/// fencing and injected faults first, then the change recorded in the pending log.
extension SimulatedFileSystem: SQLiteFileStorage {
    /// The name of this view's SQLite VFS, registered on first use: a `Database` opened on this
    /// file system keeps its files on the disk (see <doc:Storage>). Every copy of the view shares
    /// one VFS, so the view's connections share their locks and WAL index.
    public var sqliteVFSName: String {
        sqlite.vfs { SimulatedSQLiteVFS(storage: SimulatedFileSystem(disk: disk, incarnation: incarnation)) }.name
    }

    /// A storage environment on this view, with its SQLite VFS and no history: for a store of
    /// DurableState opened on the disk outside a simulated process (a test, a device image).
    public var storage: StorageEnvironment {
        StorageEnvironment(fileSystem: self, sqliteVFSName: sqliteVFSName)
    }

    func openFile(at path: String, create: Bool, exclusive: Bool, permissions: UInt16) throws(FileSystemError) {
        let (path, key) = DiskKey.normalizing(path)
        let exists = try disk.perform(incarnation, .read, path: path, counts: false) { (core: inout SimulatedDisk.Core) throws(FileSystemError) -> Bool in
            guard let number = core.paths.existingNumber(of: key) else { return false }
            if core.current.directories[number] != nil { throw .io(path: path, operation: "open", code: EISDIR) }
            return core.current.entries[number] != nil
        }
        if exists {
            if exclusive { throw .io(path: path, operation: "open (exclusive)", code: EEXIST) }
            return
        }
        guard create else { throw .notFound(path) }
        try disk.perform(incarnation, .create, path: path) { (core: inout SimulatedDisk.Core) throws(FileSystemError) in
            let number = core.paths.number(of: key)
            try core.requireDirectory(core.paths.parent(of: number), missing: .notFound(path))
            guard core.current.entries[number] == nil else { return }
            core.nextInode += 1
            core.record(.link(path: number, inode: core.nextInode, permissions: permissions))
        }
    }

    func fileSize(at path: String) throws(FileSystemError) -> Int {
        let (path, key) = DiskKey.normalizing(path)
        return try disk.perform(incarnation, .read, path: path, counts: false) { (core: inout SimulatedDisk.Core) throws(FileSystemError) -> Int in
            guard let number = core.paths.existingNumber(of: key) else { throw .notFound(path) }
            if core.current.directories[number] != nil { throw .io(path: path, operation: "size", code: EISDIR) }
            guard let inode = core.current.entries[number] else { throw .notFound(path) }
            return core.current.inodes.size(of: inode) ?? 0
        }
    }

    func readBytes(at path: String, offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(FileSystemError) -> Int {
        let (path, key) = DiskKey.normalizing(path)
        return try disk.perform(incarnation, .read, path: path, counts: false) { (core: inout SimulatedDisk.Core) throws(FileSystemError) -> Int in
            core.statistics.reads += 1
            let (_, inode) = try core.file(key, path)
            return core.current.inodes.copyBytes(of: inode, from: offset, into: buffer)
        }
    }

    func writeBytes(_ data: Data, at path: String, offset: Int) throws(FileSystemError) {
        let (path, key) = DiskKey.normalizing(path)
        try disk.perform(incarnation, .write, path: path) { (core: inout SimulatedDisk.Core) throws(FileSystemError) in
            let (number, inode) = try core.file(key, path)
            if let capacity = core.capacity {
                let growth = max(0, offset + data.count - (core.current.inodes.size(of: inode) ?? 0))
                guard core.usedBytes + growth <= capacity else { throw .noSpace(path) }
            }
            core.statistics.writes += 1
            core.record(.writeBytes(inode: inode, path: number, offset: offset, data: data))
        }
    }

    func truncateFile(at path: String, to size: Int) throws(FileSystemError) {
        let (path, key) = DiskKey.normalizing(path)
        try disk.perform(incarnation, .truncate, path: path) { (core: inout SimulatedDisk.Core) throws(FileSystemError) in
            let (number, inode) = try core.file(key, path)
            if let capacity = core.capacity {
                let growth = max(0, size - (core.current.inodes.size(of: inode) ?? 0))
                guard core.usedBytes + growth <= capacity else { throw .noSpace(path) }
            }
            core.record(.truncate(inode: inode, path: number, size: size))
        }
    }

    func checkAlive(_ path: String) throws(FileSystemError) {
        if disk.isFenced(self) { throw .fenced(path) }
    }

    /// A disk on its own has no clock: its time stands at the simulator's origin (the date at
    /// virtual instant zero).
    var unixMilliseconds: Int64 { SimulatedSQLiteVFS.originMilliseconds }

    var randomSeed: UInt64 { UInt64(incarnation) }

    func recordCommit(ofDatabaseAt path: String) {}
}

extension SimulatedDisk.Core {
    /// The path number and inode of the file at `key`'s path in the current tree.
    /// - Throws: `.notFound` if there is no file there.
    func file(_ key: DiskKey, _ path: String) throws(FileSystemError) -> (number: Int, inode: Int) {
        guard let number = paths.existingNumber(of: key), let inode = current.entries[number] else { throw .notFound(path) }
        return (number, inode)
    }
}
