import Foundation

/// A ``DiskOperation`` as the disk keeps it in its pending log: paths by their ``PathTable``
/// number, so replaying it indexes arrays instead of hashing paths. The public operation is
/// rebuilt from the table only for history and inspection. A value, `Sendable`; internal.
enum DiskChange: Sendable {
    case link(path: Int, inode: Int, permissions: UInt16)
    case write(inode: Int, path: Int, data: Data)
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

    /// Whether the change is a data write.
    var isWrite: Bool {
        if case .write = self { true } else { false }
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
        case .write, .syncFile, .syncDirectory:
            return nil
        }
    }

    /// The public operation, paths spelled out.
    func operation(in paths: PathTable) -> DiskOperation {
        switch self {
        case let .link(path, inode, permissions): .link(path: paths.text(of: path), inode: inode, permissions: permissions)
        case let .write(inode, path, data): .write(inode: inode, path: paths.text(of: path), data: data)
        case let .rename(from, to): .rename(from: paths.text(of: from), to: paths.text(of: to))
        case .unlink(let path): .unlink(path: paths.text(of: path))
        case let .makeDirectory(path, permissions): .makeDirectory(path: paths.text(of: path), permissions: permissions)
        case .removeDirectory(let path): .removeDirectory(path: paths.text(of: path))
        case let .syncFile(path, inode): .syncFile(path: paths.text(of: path), inode: inode)
        case .syncDirectory(let path): .syncDirectory(path: paths.text(of: path))
        }
    }
}
