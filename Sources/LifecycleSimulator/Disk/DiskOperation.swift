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
    /// A write a kill cut short (see ``SimulatedDisk/kill(_:afterOperations:)``) is kept with the
    /// bytes it had written: none after its truncation, or its first chunks.
    case write(inode: Int, path: String, data: Data)
    /// Bytes of the inode's data from `offset` on are replaced (`pwrite`), the file growing
    /// (zero-filled up to `offset`) if it was shorter. Durable after the file is synced; a power
    /// loss may tear it at a sector boundary (``SimulatedDisk/sectorSize``).
    case writeBytes(inode: Int, path: String, offset: Int, data: Data)
    /// The inode's data is cut, or extended with zeros, to `size` bytes (`ftruncate`). Durable
    /// after the file is synced.
    case truncate(inode: Int, path: String, size: Int)
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
        case .write, .writeBytes, .truncate, .syncFile, .syncDirectory: false
        }
    }

    public var description: String {
        switch self {
        case let .link(path, inode, _): "link \(path) → #\(inode)"
        case let .write(inode, path, data): "write #\(inode) (\(path)) \(data.count) bytes"
        case let .writeBytes(inode, path, offset, data): "write #\(inode) (\(path)) \(data.count) bytes at \(offset)"
        case let .truncate(inode, path, size): "truncate #\(inode) (\(path)) to \(size) bytes"
        case let .rename(from, to): "rename \(from) → \(to)"
        case .unlink(let path): "unlink \(path)"
        case .makeDirectory(let path, _): "mkdir \(path)"
        case .removeDirectory(let path): "rmdir \(path)"
        case let .syncFile(path, inode): "fsync \(path) (#\(inode))"
        case .syncDirectory(let path): "fsync dir \(path)"
        }
    }
}
