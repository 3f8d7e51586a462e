/// The file-system calls ``IncarnationFileSystem`` admits, with the names the trace shows and
/// digests (`write`, `fsync dir`…). A value; used on the main actor by ``RunContext``.
enum StorageOperation: Sendable {
    /// What ``RunContext/admitStorage(_:bytes:path:renamedTo:incarnation:)`` decides of a call.
    enum Admission {
        /// The call goes to the disk.
        case admitted
        /// The incarnation is dead, or dies right here: `FileSystemError.fenced`.
        case fenced
        /// The device's storage is full: `FileSystemError.noSpace`.
        case noSpace
    }

    case read, stat, list, makeDirectory, remove, rename, write, syncFile, syncDirectory
    /// A file created empty, and a file cut or extended to a size (SQLite's VFS).
    case create, truncate
    /// A file that held data opened to be written over (`O_TRUNC`): its old bytes are cut before
    /// the new ones are written, a step of its own in a whole-file write in place (shown as
    /// `truncate`; refused, like the write it starts, while the storage is full).
    case truncateToWrite

    /// The name the trace shows and digests.
    var name: String {
        switch self {
        case .read: "read"
        case .stat: "stat"
        case .list: "list"
        case .makeDirectory: "mkdir"
        case .remove: "remove"
        case .rename: "rename"
        case .write: "write"
        case .syncFile: "fsync"
        case .syncDirectory: "fsync dir"
        case .create: "create"
        case .truncate, .truncateToWrite: "truncate"
        }
    }

    /// Whether the call changes the disk or syncs it (counted as a crash point, traced).
    var isMutating: Bool {
        switch self {
        case .read, .stat, .list: false
        case .makeDirectory, .remove, .rename, .write, .syncFile, .syncDirectory, .create, .truncate, .truncateToWrite: true
        }
    }

    /// Whether the call needs free space on a copy-on-write disk such as APFS, where even an
    /// overwrite takes new blocks: refused while the device's storage is full.
    var needsSpace: Bool {
        self == .write || self == .create || self == .makeDirectory || self == .truncateToWrite
    }

    /// Whether the call names a directory (traced in that directory's own lane).
    var namesDirectory: Bool {
        self == .makeDirectory || self == .syncDirectory
    }

    /// The name with a write's size, as the trace shows it (`write 12B`).
    func named(bytes: Int?) -> String {
        bytes.map { "\(name) \($0)B" } ?? name
    }

    /// The path as the trace shows it: `source -> destination` for a rename.
    static func shownPath(_ path: String, renamedTo destination: String?) -> String {
        destination.map { "\(path) -> \($0)" } ?? path
    }
}
