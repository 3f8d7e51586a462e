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

    /// Creates or truncates the file at `path` and writes `data`, in the steps a real process
    /// takes: the truncation of a file that held data, then chunks of at most
    /// ``SimulatedDisk/writeChunkSize`` bytes, each an operation of its own, so that a kill
    /// (``SimulatedDisk/kill(_:afterOperations:)``) can land between them and keep what was
    /// written. Once it returns, the pending log holds one write of the whole data, as a power
    /// loss sees it. An injected fault, a missing directory or a full disk fail the first step,
    /// before anything changes.
    public func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        try writeFile(data, to: path, permissions: permissions) { (_: FileWriteStep) throws(FileSystemError) in }
    }

    /// ``writeFile(_:to:permissions:)``, calling `beforeStep` before each of its steps: the
    /// simulator admits each step there (a crash point, a trace line), and a step it refuses
    /// (throws) ends the write with what the earlier steps wrote.
    func writeFile(
        _ data: Data, to path: String, permissions: UInt16, beforeStep: (FileWriteStep) throws(FileSystemError) -> Void
    ) throws(FileSystemError) {
        let (path, key) = DiskKey.normalizing(path)
        let existingSize = disk.currentSize(of: key)
        let count = data.count
        // The log entry of this write once its first step landed: later steps rewrite it.
        var entry: Int?
        if FileWriteStep.truncates(count: count, existingSize: existingSize) {
            try beforeStep(.truncate)
            entry = try disk.perform(incarnation, .write, path: path) { (core: inout SimulatedDisk.Core) throws(FileSystemError) -> Int in
                let (number, inode) = try core.openForWriting(key, path, count: count, permissions: permissions)
                core.record(.write(inode: inode, path: number, data: Data()))
                return core.sequence
            }
        }
        var start = 0
        repeat {
            let end = FileWriteStep.chunkEnd(from: start, count: count)
            try beforeStep(.write(start..<end))
            let written = end == count ? data : data.prefix(end)
            if let logged = entry {
                entry = try disk.perform(incarnation, .write, path: path, matchesFaults: false) { (core: inout SimulatedDisk.Core) throws(FileSystemError) -> Int in
                    let (number, inode) = try core.file(key, path)
                    return core.rewrite(logged, with: .write(inode: inode, path: number, data: written))
                }
            } else {
                entry = try disk.perform(incarnation, .write, path: path) { (core: inout SimulatedDisk.Core) throws(FileSystemError) -> Int in
                    let (number, inode) = try core.openForWriting(key, path, count: count, permissions: permissions)
                    core.record(.write(inode: inode, path: number, data: written))
                    return core.sequence
                }
            }
            start = end
        } while start < count
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

extension SimulatedDisk.Core {
    /// Opens the file at `key`'s path for a whole-file write of `count` bytes: checks its
    /// directory and the disk's capacity, counts the write, and links a new empty file if there
    /// is none. Returns its path number and inode.
    mutating func openForWriting(
        _ key: DiskKey, _ path: String, count: Int, permissions: UInt16
    ) throws(FileSystemError) -> (number: Int, inode: Int) {
        let number = paths.number(of: key)
        try requireDirectory(paths.parent(of: number), missing: .notFound(path))
        if current.directories[number] != nil { throw .io(path: path, operation: "open for writing", code: EISDIR) }
        if let capacity {
            let previous = current.entries[number].flatMap { current.inodes.size(of: $0) } ?? 0
            guard usedBytes - previous + count <= capacity else { throw .noSpace(path) }
        }
        statistics.writes += 1
        if let existing = current.entries[number] { return (number, existing) }
        nextInode += 1
        record(.link(path: number, inode: nextInode, permissions: permissions))
        return (number, nextInode)
    }
}
