import DurableState
import Foundation

/// One process incarnation's view of a ``SimulatedDisk``: the `FileSystem` its stores use.
///
/// Writes land in the disk's current tree at once (a kill keeps them) and reach the durable tree
/// only when synced. Once the incarnation is killed (``SimulatedDisk/kill(_:)``) or the power is
/// lost, every call throws `FileSystemError/fenced(_:)` (``itemExists(at:)`` answers `false`),
/// so nothing of a dead incarnation touches the disk. A value, `Sendable`; made by
/// ``SimulatedDisk/mount()``.
public struct SimulatedFileSystem: FileSystem {
    /// The disk.
    public let disk: SimulatedDisk
    /// The incarnation number (1 for the first mount).
    public let incarnation: Int
    /// This view's SQLite VFS, registered on first use (see ``sqliteVFSName``).
    let sqlite = SQLiteVFSSlot()

    init(disk: SimulatedDisk, incarnation: Int) {
        self.disk = disk
        self.incarnation = incarnation
    }

    // Each call numbers its path once under the lock (``PathTable``) and then indexes the trees
    // by number; reads look the number up without adding one (a missing path has none).

    public func readFile(at path: String) throws(FileSystemError) -> Data {
        let (path, key) = DiskKey.normalizing(path)
        return try disk.perform(incarnation, .read, path: path, counts: false) { (core: inout SimulatedDisk.Core) throws(FileSystemError) -> Data in
            core.statistics.reads += 1
            guard let number = core.paths.existingNumber(of: key) else { throw .notFound(path) }
            if core.current.directories[number] != nil { throw .io(path: path, operation: "read", code: EISDIR) }
            guard let inode = core.current.entries[number] else { throw .notFound(path) }
            return core.current.inodes.data(of: inode) ?? Data()
        }
    }

    public func itemExists(at path: String) -> Bool {
        let (path, key) = DiskKey.normalizing(path)
        return (try? disk.perform(incarnation, .read, path: path, counts: false) { (core: inout SimulatedDisk.Core) throws(FileSystemError) -> Bool in
            guard let number = core.paths.existingNumber(of: key) else { return false }
            return core.current.directories[number] != nil || core.current.entries[number] != nil
        }) ?? false
    }

    public func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
        let (path, key) = DiskKey.normalizing(path)
        try disk.perform(incarnation, .createDirectory, path: path) { (core: inout SimulatedDisk.Core) throws(FileSystemError) in
            var missing: [Int] = []
            var current = core.paths.number(of: key)
            while core.current.directories[current] == nil {
                if core.current.entries[current] != nil { throw .io(path: core.paths.text(of: current), operation: "mkdir", code: ENOTDIR) }
                missing.append(current)
                current = core.paths.parent(of: current)
            }
            for directory in missing.reversed() {
                core.record(.makeDirectory(path: directory, permissions: permissions))
            }
        }
    }

    public func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        let (path, key) = DiskKey.normalizing(path)
        return try disk.perform(incarnation, .read, path: path, counts: false) { (core: inout SimulatedDisk.Core) throws(FileSystemError) -> [String] in
            guard let number = core.paths.existingNumber(of: key) else { throw .notFound(path) }
            try core.requireDirectory(number, missing: .notFound(path))
            return core.current.names(in: number, paths: core.paths)
        }
    }

    public func removeItem(at path: String) throws(FileSystemError) {
        let (path, key) = DiskKey.normalizing(path)
        try disk.perform(incarnation, .remove, path: path) { (core: inout SimulatedDisk.Core) throws(FileSystemError) in
            guard let number = core.paths.existingNumber(of: key) else { return }
            if let removed = core.current.entries[number] {
                core.record(.unlink(path: number))
                core.current.collectGarbage(ifUnreferenced: removed)
            } else if core.current.directories[number] != nil {
                guard number != 0, core.current.names(in: number, paths: core.paths).isEmpty else {
                    throw .io(path: path, operation: "rmdir", code: ENOTEMPTY)
                }
                core.record(.removeDirectory(path: number))
            }
        }
    }

    public func rename(from source: String, to destination: String) throws(FileSystemError) {
        let (source, sourceKey) = DiskKey.normalizing(source)
        let (destination, destinationKey) = DiskKey.normalizing(destination)
        try disk.perform(incarnation, .rename, path: source) { (core: inout SimulatedDisk.Core) throws(FileSystemError) in
            core.statistics.renames += 1
            guard let sourceNumber = core.paths.existingNumber(of: sourceKey) else { throw .notFound(source) }
            if core.current.directories[sourceNumber] != nil {
                throw .io(path: source, operation: "rename (directories are not supported by the simulated disk)", code: EISDIR)
            }
            guard core.current.entries[sourceNumber] != nil else { throw .notFound(source) }
            let destinationNumber = core.paths.number(of: destinationKey)
            try core.requireDirectory(core.paths.parent(of: destinationNumber), missing: .notFound(destination))
            if core.current.directories[destinationNumber] != nil { throw .io(path: destination, operation: "rename", code: EISDIR) }
            guard sourceNumber != destinationNumber else { return }
            // The inode the rename replaced at the destination, if any.
            let replaced = core.record(.rename(from: sourceNumber, to: destinationNumber))
            core.current.collectGarbage(ifUnreferenced: replaced)
        }
    }

    public func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        let (path, key) = DiskKey.normalizing(path)
        try disk.perform(incarnation, .write, path: path) { (core: inout SimulatedDisk.Core) throws(FileSystemError) in
            let number = core.paths.number(of: key)
            try core.requireDirectory(core.paths.parent(of: number), missing: .notFound(path))
            if core.current.directories[number] != nil { throw .io(path: path, operation: "open for writing", code: EISDIR) }
            if let capacity = core.capacity {
                let previous = core.current.entries[number].flatMap { core.current.inodes[$0]?.data.count } ?? 0
                guard core.usedBytes - previous + data.count <= capacity else { throw .noSpace(path) }
            }
            core.statistics.writes += 1
            let inode: Int
            if let existing = core.current.entries[number] {
                inode = existing
            } else {
                core.nextInode += 1
                inode = core.nextInode
                core.record(.link(path: number, inode: inode, permissions: permissions))
            }
            core.record(.write(inode: inode, path: number, data: data))
        }
    }

    public func syncFile(at path: String) throws(FileSystemError) {
        let (path, key) = DiskKey.normalizing(path)
        try disk.perform(incarnation, .syncFile, path: path) { (core: inout SimulatedDisk.Core) throws(FileSystemError) in
            guard let number = core.paths.existingNumber(of: key), let inode = core.current.entries[number] else { throw .notFound(path) }
            core.statistics.fileSyncs += 1
            core.barrier(.syncFile(path: number, inode: inode))
        }
    }

    public func syncDirectory(at path: String) throws(FileSystemError) {
        let (path, key) = DiskKey.normalizing(path)
        try disk.perform(incarnation, .syncDirectory, path: path) { (core: inout SimulatedDisk.Core) throws(FileSystemError) in
            guard let number = core.paths.existingNumber(of: key) else { throw .notFound(path) }
            try core.requireDirectory(number, missing: .notFound(path))
            core.statistics.directorySyncs += 1
            core.barrier(.syncDirectory(path: number))
        }
    }

    public func permissions(at path: String) throws(FileSystemError) -> UInt16 {
        let (path, key) = DiskKey.normalizing(path)
        return try disk.perform(incarnation, .read, path: path, counts: false) { (core: inout SimulatedDisk.Core) throws(FileSystemError) -> UInt16 in
            guard let number = core.paths.existingNumber(of: key) else { throw .notFound(path) }
            if let directory = core.current.directories[number] { return directory }
            guard let inode = core.current.entries[number] else { throw .notFound(path) }
            return core.current.inodes[inode]?.permissions ?? 0o644
        }
    }
}
