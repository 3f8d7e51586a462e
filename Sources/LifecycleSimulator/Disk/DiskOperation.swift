import Foundation

/// One operation a process handed to the ``SimulatedDisk``, as recorded in its pending log and
/// history.
///
/// Files are inodes reached through names: creating a file *links* a name to a new, empty inode
/// and writing *replaces the inode's data*, so a crash can keep a name without its data (an empty
/// file) or data without its name. A value, `Sendable`.
public enum DiskOperation: Hashable, Sendable, CustomStringConvertible {
    /// A name now refers to a new, empty inode (`open(O_CREAT)`). Durable after the parent
    /// directory is synced.
    case link(path: String, inode: Int, permissions: UInt16)
    /// The inode's whole contents are replaced (`O_TRUNC` + `write`). Durable after the file is synced.
    case write(inode: Int, path: String, data: Data)
    /// A name moves to another (replacing it). Durable after either directory is synced.
    case rename(from: String, to: String)
    /// A name is removed. Durable after its directory is synced.
    case unlink(path: String)
    /// A directory is created. Durable after its parent is synced.
    case makeDirectory(path: String, permissions: UInt16)
    /// An empty directory is removed. Durable after its parent is synced.
    case removeDirectory(path: String)
    /// A barrier: the file's data written so far is durable.
    case syncFile(path: String, inode: Int)
    /// A barrier: the directory's entries changed so far are durable.
    case syncDirectory(path: String)

    /// Whether the operation is a sync (a barrier) rather than a change.
    public var isBarrier: Bool {
        switch self {
        case .syncFile, .syncDirectory: true
        default: false
        }
    }

    /// Whether the operation changes a directory's entries (as opposed to a file's data).
    public var changesEntries: Bool {
        switch self {
        case .link, .rename, .unlink, .makeDirectory, .removeDirectory: true
        case .write, .syncFile, .syncDirectory: false
        }
    }

    /// Whether syncing `directory` makes this entry change durable.
    func isCovered(bySyncOf directory: String) -> Bool {
        switch self {
        case .link(let path, _, _), .unlink(let path), .makeDirectory(let path, _), .removeDirectory(let path):
            DiskPath.isEntry(path, in: directory)
        case let .rename(from, to):
            DiskPath.isEntry(from, in: directory) || DiskPath.isEntry(to, in: directory)
        case .write, .syncFile, .syncDirectory:
            false
        }
    }

    public var description: String {
        switch self {
        case let .link(path, inode, _): "link \(path) → #\(inode)"
        case let .write(inode, path, data): "write #\(inode) (\(path)) \(data.count) bytes"
        case let .rename(from, to): "rename \(from) → \(to)"
        case .unlink(let path): "unlink \(path)"
        case .makeDirectory(let path, _): "mkdir \(path)"
        case .removeDirectory(let path): "rmdir \(path)"
        case let .syncFile(path, inode): "fsync \(path) (#\(inode))"
        case .syncDirectory(let path): "fsync dir \(path)"
        }
    }
}

/// The state of the disk's namespace and inodes: what a reader would see if the disk stopped
/// here. Internal to the simulated disk.
struct DiskTree: Hashable, Sendable {
    struct Inode: Hashable, Sendable {
        var data: Data
        var permissions: UInt16
    }

    /// Directories by path (keys carry a digest: see ``DiskKey``), with their permissions.
    var directories: [DiskKey: UInt16] = [DiskKey("/"): 0o755]
    /// Names by path, to inode numbers.
    var entries: [DiskKey: Int] = [:]
    /// Inodes by number.
    var inodes = InodeTable()

    init() {}

    init(image: DiskImage, nextInode: inout Int) {
        for directory in image.directories { directories[DiskKey(directory)] = 0o755 }
        for (path, file) in image.files.sorted(by: { $0.key < $1.key }) {
            nextInode += 1
            inodes[nextInode] = Inode(data: file.data, permissions: file.permissions)
            entries[DiskKey(path)] = nextInode
        }
    }

    var image: DiskImage {
        var files: [String: DiskImage.File] = [:]
        for (key, inode) in entries {
            let node = inodes[inode] ?? Inode(data: Data(), permissions: 0o644)
            files[key.text] = DiskImage.File(data: node.data, permissions: node.permissions)
        }
        return DiskImage(directories: Set(directories.keys.map(\.text)), files: files)
    }

    /// Applies a change as the disk would replay it after a crash: an operation whose
    /// precondition no longer holds (a rename of a name that never landed) does nothing.
    /// Returns the inode that lost a name (unlinked, or replaced by a link or a rename), which
    /// may now be unreferenced.
    @discardableResult
    mutating func apply(_ operation: DiskOperation, truncatedTo length: Int? = nil) -> Int? {
        switch operation {
        case let .link(path, inode, permissions):
            if !inodes.contains(inode) { inodes[inode] = Inode(data: Data(), permissions: permissions) }
            let replaced = entries.updateValue(inode, forKey: DiskKey(path))
            return replaced == inode ? nil : replaced
        case let .write(inode, _, data):
            inodes.replaceData(of: inode, with: length.map { Data(data.prefix($0)) } ?? data, permissionsIfNew: 0o644)
        case let .rename(from, to):
            guard let inode = entries.removeValue(forKey: DiskKey(from)) else { return nil }
            let replaced = entries.updateValue(inode, forKey: DiskKey(to))
            return replaced == inode ? nil : replaced
        case .unlink(let path):
            return entries.removeValue(forKey: DiskKey(path))
        case let .makeDirectory(path, permissions):
            directories[DiskKey(path)] = permissions
        case .removeDirectory(let path):
            directories[DiskKey(path)] = nil
        case .syncFile, .syncDirectory:
            break
        }
        return nil
    }
}
