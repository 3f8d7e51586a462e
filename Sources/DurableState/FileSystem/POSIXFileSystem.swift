import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The real file system, through POSIX system calls, confined to a root directory.
///
/// ```swift
/// let fileSystem = POSIXFileSystem(root: dataDirectory)   // the app's data directory
/// let store = DocumentStore(storage: StorageEnvironment(fileSystem: fileSystem), path: dataDirectory + "/draft.json", ...)
/// ```
///
/// **Links and special files are refused.** Every path must be absolute and inside ``root``.
/// Below the root, no symbolic link is followed: each directory is opened relative to the one
/// before with `O_DIRECTORY | O_NOFOLLOW` and the last component with `O_NOFOLLOW`, so a link
/// planted anywhere under the root fails the call with ``FileSystemError/symbolicLink(_:)`` and
/// nothing is read or written through it. Data files are opened with `O_NONBLOCK` and checked
/// with `fstat`: a FIFO, socket or device fails with ``FileSystemError/notRegularFile(_:)``
/// instead of blocking or being written, and a file with other names (a hard link) is not written
/// in place (``FileSystemError/hardLinked(_:)``). The root's own path is followed: it is the
/// caller's choice (a data directory under a linked home directory still works), and so are the
/// root's parents, which can be synced after the root is created. Below the root the only links
/// followed in a directory's place are the system's own — owned by root in a root-owned directory
/// nobody else may write, like macOS's `/var` and `/tmp` — which only root could have put there;
/// a data file's own name is never followed. The default root, `/`, thus refuses every link a
/// user or another program planted, anywhere in a path.
///
/// **Permissions are exact.** Files and directories it creates get exactly the requested bits
/// (`fchmod` after creation, so the umask cannot change them).
///
/// Every call retries on `EINTR`, maps `errno` to ``FileSystemError``, opens descriptors with
/// `O_CLOEXEC` and closes them before returning. ``syncFile(at:)`` uses `fcntl(F_FULLFSYNC)` on
/// Apple platforms (a plain `fsync` there only reaches the drive's cache) and falls back to
/// `fsync` where the file system does not support it. ``lockFile(at:permissions:)`` uses `flock`.
/// A value, `Sendable`, safe on any thread; whoever builds the composition root creates it.
public struct POSIXFileSystem: FileSystem {
    /// The directory every path must be inside; links are not followed below it.
    public let root: String
    let rootComponents: [String]

    /// Creates the file system confined to `root` (absolute; `/` by default, which refuses a link
    /// anywhere in a path). Nothing is opened until a call.
    public init(root: String = "/") {
        rootComponents = root.split(separator: "/", omittingEmptySubsequences: true)
            .filter { $0 != "." }.map(String.init)
        self.root = "/" + rootComponents.joined(separator: "/")
    }

    public func readFile(at path: String) throws(FileSystemError) -> Data {
        let location = try locate(path)
        let (descriptor, status) = try Self.openRegularFile(location, flags: O_RDONLY, operation: "open for reading")
        defer { _ = posixClose(descriptor) }
        return try Self.readAll(from: descriptor, sizeHint: Int(status.st_size), path: path)
    }

    public func itemExists(at path: String) -> Bool {
        guard let location = try? locate(path) else { return false }
        var status = stat()
        return fstatat(location.directory, location.name, &status, location.statFlags) == 0
    }

    public func directoryExists(at path: String) -> Bool {
        guard let location = try? locate(path) else { return false }
        var status = stat()
        return fstatat(location.directory, location.name, &status, location.statFlags) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    public func readFile(at path: String, maximumSize: Int) throws(FileSystemError) -> (contents: Data, size: Int) {
        let location = try locate(path)
        let (descriptor, status) = try Self.openRegularFile(location, flags: O_RDONLY, operation: "open for reading")
        defer { _ = posixClose(descriptor) }
        let size = Int(status.st_size)
        guard size <= maximumSize else { return (Data(), size) }
        // The file may have grown since `fstat`: read one byte past the limit at most.
        let data = try Self.readAll(from: descriptor, sizeHint: size, path: path, limit: maximumSize + 1)
        return data.count <= maximumSize ? (data, data.count) : (Data(), data.count)
    }

    public func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
        guard let below = try components(below: path) else {
            try Self.createByPath(path, permissions: permissions)
            return
        }
        try Self.createByPath(root, permissions: permissions)
        guard !below.isEmpty else { return }
        var descriptor = try walk([], toward: path)
        var walked = root
        for component in below {
            walked = FilePaths.join(walked, String(component))
            do {
                let next = try Self.makeDirectory(String(component), in: descriptor, path: walked, permissions: permissions)
                _ = posixClose(descriptor)
                descriptor = next
            } catch {
                _ = posixClose(descriptor)
                throw error
            }
        }
        _ = posixClose(descriptor)
    }

    public func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        let location = try locate(path)
        let descriptor = try Self.openDirectory(location, operation: "open directory")
        guard let directory = fdopendir(descriptor) else {
            let code = errno
            _ = posixClose(descriptor)
            throw Self.error(path: path, operation: "fdopendir", code: code)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    public func removeItem(at path: String) throws(FileSystemError) {
        let location: Location
        do {
            location = try locate(path)
        } catch .notFound {
            return
        }
        if unlinkat(location.directory, location.name, 0) == 0 { return }
        let code = errno
        if code == ENOENT { return }
        guard code == EISDIR || code == EPERM else { throw Self.error(path: path, operation: "unlink", code: code) }
        if unlinkat(location.directory, location.name, AT_REMOVEDIR) == 0 || errno == ENOENT { return }
        throw Self.error(path: path, operation: "rmdir")
    }

    public func rename(from source: String, to destination: String) throws(FileSystemError) {
        let from = try locate(source)
        let to = try locate(destination)
        let status = Self.retrying { renameat(from.directory, from.name, to.directory, to.name) }
        if status != 0 { throw Self.error(path: source, operation: "rename") }
    }

    public func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        let descriptor = try openForWritingInPlace(path, permissions: permissions)
        defer { _ = posixClose(descriptor) }
        try Self.writeAll(data, to: descriptor, path: path)
    }

    public func writeAndSyncFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        let descriptor = try openForWritingInPlace(path, permissions: permissions)
        defer { _ = posixClose(descriptor) }
        try Self.writeAll(data, to: descriptor, path: path)
        try Self.fullSync(descriptor, path: path)
    }

    public func createNewFile(_ data: Data, at path: String, permissions: UInt16) throws(FileSystemError) {
        let location = try locate(path)
        // O_EXCL: the name must be free; an existing link there is not followed but refused.
        let (descriptor, _) = try Self.openRegularFile(
            location, flags: O_WRONLY | O_CREAT | O_EXCL, permissions: permissions, operation: "create")
        defer { _ = posixClose(descriptor) }
        do throws(FileSystemError) {
            guard fchmod(descriptor, mode_t(permissions)) == 0 else { throw Self.error(path: path, operation: "fchmod") }
            try Self.writeAll(data, to: descriptor, path: path)
            try Self.fullSync(descriptor, path: path)
        } catch {
            // The file is this call's own (O_EXCL): a partial one is not left behind.
            _ = unlinkat(location.directory, location.name, 0)
            throw error
        }
    }

    public func syncFile(at path: String) throws(FileSystemError) {
        let location = try locate(path)
        let (descriptor, _) = try Self.openRegularFile(location, flags: O_RDONLY, operation: "open for sync")
        defer { _ = posixClose(descriptor) }
        try Self.fullSync(descriptor, path: path)
    }

    public func syncDirectory(at path: String) throws(FileSystemError) {
        let location = try locate(path)
        let descriptor = try Self.openDirectory(location, operation: "open directory")
        defer { _ = posixClose(descriptor) }
        try Self.fullSync(descriptor, path: path)
    }

    public func permissions(at path: String) throws(FileSystemError) -> UInt16 {
        UInt16(truncatingIfNeeded: try status(at: path).st_mode & 0o7777)
    }

    public func modificationDate(at path: String) throws(FileSystemError) -> Date? {
        modificationTime(of: try status(at: path))
    }

    public func setPermissions(_ permissions: UInt16, at path: String) throws(FileSystemError) {
        let location = try locate(path)
        let descriptor: Int32
        var status = stat()
        if fstatat(location.directory, location.name, &status, location.statFlags) == 0, status.st_mode & S_IFMT == S_IFDIR {
            descriptor = try Self.openDirectory(location, operation: "open directory")
        } else {
            descriptor = try Self.openRegularFile(location, flags: O_RDONLY, operation: "open for chmod").descriptor
        }
        try Self.setMode(descriptor, permissions, path: path)
        _ = posixClose(descriptor)
    }

    public func lockFile(at path: String, permissions: UInt16) throws(FileSystemError) -> FileLock {
        let location = try locate(path)
        var created = true
        var descriptor: Int32
        do {
            descriptor = try Self.openRegularFile(
                location, flags: O_RDONLY | O_CREAT | O_EXCL, permissions: permissions, operation: "create lock file"
            ).descriptor
        } catch .alreadyExists {
            created = false
            descriptor = try Self.openRegularFile(location, flags: O_RDONLY, operation: "open lock file").descriptor
        }
        if Self.retrying({ flock(descriptor, LOCK_EX | LOCK_NB) }) != 0 {
            let code = errno
            _ = posixClose(descriptor)
            throw code == EWOULDBLOCK ? .locked(path) : Self.error(path: path, operation: "flock", code: code)
        }
        if created { try Self.setMode(descriptor, permissions, path: path) }
        let held = descriptor
        // Unlocked before it is closed: a child process spawned meanwhile holds a copy of the
        // descriptor until it execs, and a close alone frees the lock only with the last copy.
        return FileLock(path: path) {
            _ = flock(held, LOCK_UN)
            _ = posixClose(held)
        }
    }
}

extension POSIXFileSystem {
    /// The `lstat` of `path` below the root (`stat` of the root itself).
    func status(at path: String) throws(FileSystemError) -> stat {
        let location = try locate(path)
        var status = stat()
        guard fstatat(location.directory, location.name, &status, location.statFlags) == 0 else {
            throw Self.error(path: path, operation: "stat")
        }
        if status.st_mode & S_IFMT == S_IFLNK { throw .symbolicLink(path) }
        return status
    }

    /// Opens `path` for an in-place write: created if missing, checked to be a regular file with
    /// one name before anything changes, then set to `permissions` and truncated.
    func openForWritingInPlace(_ path: String, permissions: UInt16) throws(FileSystemError) -> Int32 {
        let location = try locate(path)
        let (descriptor, status) = try Self.openRegularFile(
            location, flags: O_WRONLY | O_CREAT, permissions: permissions, operation: "open for writing")
        guard status.st_nlink <= 1 else {
            _ = posixClose(descriptor)
            throw .hardLinked(path)
        }
        // The umask narrows the mode of a new file and an existing file keeps its own: set it.
        try Self.setMode(descriptor, permissions, path: path)
        guard Self.retrying({ ftruncate(descriptor, 0) }) == 0 else {
            let code = errno
            _ = posixClose(descriptor)
            throw Self.error(path: path, operation: "ftruncate", code: code)
        }
        return descriptor
    }
}
