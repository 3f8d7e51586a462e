#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How ``POSIXFileSystem`` reaches a path without following links below its root (but the
/// system's own, see `POSIXFileSystem+SystemLinks`): every
/// directory is opened with `openat(…, O_DIRECTORY | O_NOFOLLOW)` relative to the one before,
/// starting from the root, and the last component is then acted on relative to its directory
/// (`openat`, `mkdirat`, `renameat`, `unlinkat`, `fstatat` with `AT_SYMLINK_NOFOLLOW`). A link
/// swapped in between two calls is refused by the next one; there is no window in which a
/// checked path is used by name.
extension POSIXFileSystem {
    /// The last component of a path and a descriptor of the directory holding it, reached without
    /// following links below the root. For the root itself, the descriptor is `AT_FDCWD` and the
    /// name is the root's absolute path, which is followed (the root is the caller's choice).
    /// Closes its descriptor when it goes.
    struct Location: ~Copyable {
        let directory: Int32
        let name: String
        /// The path as the caller gave it, for error messages.
        let path: String
        let isRoot: Bool

        /// `O_NOFOLLOW` below the root.
        var noFollow: Int32 { isRoot ? 0 : O_NOFOLLOW }
        /// `AT_SYMLINK_NOFOLLOW` below the root.
        var statFlags: Int32 { isRoot ? 0 : AT_SYMLINK_NOFOLLOW }

        deinit {
            if directory >= 0 { _ = posixClose(directory) }
        }
    }

    /// Flags of the descriptors that only walk: on Linux `O_PATH`, which needs no read
    /// permission on the directory, as a path lookup does not. (Glibc's module leaves `O_PATH`
    /// out; its value is the same on every architecture Swift supports on Linux.)
    static var walkFlags: Int32 {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        0o10_000_000
        #else
        O_RDONLY
        #endif
    }

    /// The components of `path` below the root, or `nil` when `path` is the root or one of its
    /// parents (reached by path and followed: the root's own path is the caller's choice).
    /// - Throws: ``FileSystemError/outsideRoot(path:root:)`` for a relative path, a `..`
    ///   component, or a path elsewhere.
    func components(below path: String) throws(FileSystemError) -> ArraySlice<Substring>? {
        guard path.hasPrefix("/") else { throw .outsideRoot(path: path, root: root) }
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
            if component == ".." { throw .outsideRoot(path: path, root: root) }
            components.append(component)
        }
        let sharedCount = zip(components, rootComponents).prefix { $0 == $1 }.count
        if sharedCount == components.count, components.count <= rootComponents.count { return nil }
        guard sharedCount == rootComponents.count else { throw .outsideRoot(path: path, root: root) }
        return components[rootComponents.count...]
    }

    /// Where `path` is: its directory opened by the walk, and its last component.
    /// - Throws: ``FileSystemError/symbolicLink(_:)`` naming the first link on the way,
    ///   ``FileSystemError/outsideRoot(path:root:)``, or the failure to open a directory.
    func locate(_ path: String) throws(FileSystemError) -> Location {
        guard let below = try components(below: path), let last = below.last else {
            return Location(directory: AT_FDCWD, name: path, path: path, isRoot: true)
        }
        let directory = try walk(below.dropLast(), toward: path)
        return Location(directory: directory, name: String(last), path: path, isRoot: false)
    }

    /// Opens the root, then each of `components` relative to the one before with `O_NOFOLLOW`
    /// (following only system links, see `POSIXFileSystem+SystemLinks`). Returns the last
    /// descriptor; the caller closes it.
    func walk(_ components: ArraySlice<Substring>, toward path: String) throws(FileSystemError) -> Int32 {
        var descriptor = Self.retrying { posixOpenAt(AT_FDCWD, root, O_DIRECTORY | O_CLOEXEC | Self.walkFlags, 0) }
        if descriptor < 0 { throw Self.error(path: root, operation: "open directory") }
        var walked = root
        for component in components {
            let name = String(component)
            walked = FilePaths.join(walked, name)
            do {
                let next = try Self.openDirectory(named: name, in: descriptor, path: walked, flags: Self.walkFlags)
                _ = posixClose(descriptor)
                descriptor = next
            } catch {
                _ = posixClose(descriptor)
                throw error
            }
        }
        return descriptor
    }

    /// Creates `directory` — the root or one of its parents — and its missing parents by path
    /// (the root's own path may contain links: it is the caller's choice), each new directory
    /// with exactly `permissions`.
    static func createByPath(_ directory: String, permissions: UInt16) throws(FileSystemError) {
        let existing = retrying { posixOpenAt(AT_FDCWD, directory, O_DIRECTORY | O_CLOEXEC | walkFlags, 0) }
        if existing >= 0 {
            _ = posixClose(existing)
            return
        }
        var prefix = ""
        for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, mode_t(permissions)) == 0 {
                guard chmod(prefix, mode_t(permissions)) == 0 else { throw error(path: prefix, operation: "chmod") }
                continue
            }
            let code = errno
            guard code == EEXIST else { throw error(path: prefix, operation: "mkdir", code: code) }
            var status = stat()
            guard stat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw .io(path: prefix, operation: "mkdir (exists and is not a directory)", code: EEXIST)
            }
        }
    }

    /// Creates `name` in `directory` if missing (with exactly `permissions`) and returns a walk
    /// descriptor of it; an existing link is refused, an existing file is an error.
    static func makeDirectory(_ name: String, in directory: Int32, path: String, permissions: UInt16) throws(FileSystemError) -> Int32 {
        if mkdirat(directory, name, mode_t(permissions)) == 0 {
            // The umask narrowed the mode: set it through a descriptor of the new directory.
            let created = retrying { posixOpenAt(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0) }
            if created < 0 { throw refusal(in: directory, name: name, path: path, operation: "open directory", code: errno) }
            try setMode(created, permissions, path: path)
            return created
        }
        let code = errno
        guard code == EEXIST else { throw error(path: path, operation: "mkdir", code: code) }
        do {
            return try openDirectory(named: name, in: directory, path: path, flags: walkFlags)
        } catch .notFound {
            throw .io(path: path, operation: "mkdir (exists and is not a directory)", code: EEXIST)
        }
    }
}
