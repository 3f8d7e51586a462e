import Foundation

/// A ``DiskOperation`` as the disk keeps it in its pending log: paths by their ``PathTable``
/// number, so replaying it indexes arrays instead of hashing paths. The public operation is
/// rebuilt from the table only for history and inspection. A value, `Sendable`; internal.
enum DiskChange: Sendable {
    case link(path: Int, inode: Int, permissions: UInt16)
    case write(inode: Int, path: Int, data: Data)
    case writeBytes(inode: Int, path: Int, offset: Int, data: Data)
    case truncate(inode: Int, path: Int, size: Int)
    case rename(from: Int, to: Int)
    case unlink(path: Int)
    case makeDirectory(path: Int, permissions: UInt16)
    case removeDirectory(path: Int)
    case syncFile(path: Int, inode: Int)
    case syncDirectory(path: Int)

    /// Whether the change is a sync (a barrier).
    var isBarrier: Bool {
        switch self {
        case .syncFile, .syncDirectory: true
        default: false
        }
    }

    /// Whether the change is a data write (of a whole file or of a byte range): what a torn
    /// write can cut.
    var isWrite: Bool {
        switch self {
        case .write, .writeBytes: true
        default: false
        }
    }

    /// The inode whose data the change replaces, writes or truncates (`nil` for entry changes
    /// and syncs): what a sync of that file makes durable.
    var writtenInode: Int? {
        switch self {
        case .write(let inode, _, _), .writeBytes(let inode, _, _, _), .truncate(let inode, _, _): inode
        default: nil
        }
    }

    /// Whether the change is a rename.
    var isRename: Bool {
        if case .rename = self { true } else { false }
    }

    /// The directories whose sync makes this entry change durable (the same one twice for all but
    /// a rename), or `nil` for a data write or a sync.
    func coveringDirectories(in paths: PathTable) -> (Int, Int)? {
        switch self {
        case .link(let path, _, _), .unlink(let path), .makeDirectory(let path, _), .removeDirectory(let path):
            let parent = paths.parent(of: path)
            return (parent, parent)
        case let .rename(from, to):
            return (paths.parent(of: from), paths.parent(of: to))
        case .write, .writeBytes, .truncate, .syncFile, .syncDirectory:
            return nil
        }
    }

    /// The public operation, paths spelled out.
    func operation(in paths: PathTable) -> DiskOperation {
        switch self {
        case let .link(path, inode, permissions): .link(path: paths.text(of: path), inode: inode, permissions: permissions)
        case let .write(inode, path, data): .write(inode: inode, path: paths.text(of: path), data: data)
        case let .writeBytes(inode, path, offset, data):
            .writeBytes(inode: inode, path: paths.text(of: path), offset: offset, data: data)
        case let .truncate(inode, path, size): .truncate(inode: inode, path: paths.text(of: path), size: size)
        case let .rename(from, to): .rename(from: paths.text(of: from), to: paths.text(of: to))
        case .unlink(let path): .unlink(path: paths.text(of: path))
        case let .makeDirectory(path, permissions): .makeDirectory(path: paths.text(of: path), permissions: permissions)
        case .removeDirectory(let path): .removeDirectory(path: paths.text(of: path))
        case let .syncFile(path, inode): .syncFile(path: paths.text(of: path), inode: inode)
        case .syncDirectory(let path): .syncDirectory(path: paths.text(of: path))
        }
    }
}
