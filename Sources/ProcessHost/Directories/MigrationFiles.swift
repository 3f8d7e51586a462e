#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The POSIX file operations of a ``LegacyDirectoryMigration``: copies whose files are `fsync`ed,
/// renames whose directories are `fsync`ed, and no symbolic link followed. Stateless but for the
/// step hook; used by one migration on one thread.
struct MigrationFiles {
    let afterEachStep: @Sendable () -> Void

    /// Whether anything (a symbolic link included) is at `path`.
    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Fails unless `path` is a directory (not a symbolic link to one).
    func requireDirectory(_ path: String) throws(MigrationError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw failure("lstat", path) }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw MigrationError(operation: "lstat", path: path, code: 0, reason: "not a directory (a symbolic link is refused too); it was left in place")
        }
    }

    /// The names in directory `path`, sorted, without `.` and `..`.
    func entries(of path: String) throws(MigrationError) -> [String] {
        guard let directory = opendir(path) else { throw failure("opendir", path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) {
                    String(cString: $0)
                }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Creates `path` and its missing parents, 0700.
    func createDirectories(_ path: String) throws(MigrationError) {
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 {
                try syncDirectory(parent(of: prefix))
            } else if errno != EEXIST {
                throw failure("mkdir", prefix)
            }
        }
    }

    /// Copies the file or directory tree at `source` to `destination` (which must not exist),
    /// each file `fsync`ed, with the same permission bits. Other kinds of entries are skipped.
    func copyTree(_ source: String, to destination: String) throws(MigrationError) {
        var info = stat()
        guard lstat(source, &info) == 0 else { throw failure("lstat", source) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard mkdir(destination, info.st_mode & 0o7777) == 0 else { throw failure("mkdir", destination) }
            for name in try entries(of: source) {
                try copyTree(source + "/" + name, to: destination + "/" + name)
            }
            try syncDirectory(destination)
        case S_IFREG:
            try copyFile(source, to: destination, mode: info.st_mode & 0o7777)
        default:
            return
        }
        afterEachStep()
    }

    /// Writes a new file at `path` holding `contents`, `fsync`ed.
    func writeFile(_ path: String, contents: String) throws(MigrationError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { close(descriptor) }
        try writeAll(Array(contents.utf8)[...], to: descriptor, path: path)
        guard fsync(descriptor) == 0 else { throw failure("fsync", path) }
        afterEachStep()
    }

    /// `fsync`s every directory of the tree at `path`.
    func syncTree(_ path: String) throws(MigrationError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw failure("lstat", path) }
        guard info.st_mode & S_IFMT == S_IFDIR else { return }
        for name in try entries(of: path) {
            try syncTree(path + "/" + name)
        }
        try syncDirectory(path)
    }

    /// Renames `source` to `destination`, then `fsync`s both parents.
    func rename(_ source: String, to destination: String) throws(MigrationError) {
        guard systemRename(source, destination) == 0 else { throw failure("rename", source) }
        try syncDirectory(parent(of: destination))
        if parent(of: source) != parent(of: destination) { try syncDirectory(parent(of: source)) }
        afterEachStep()
    }

    /// Removes the file at `path`, then `fsync`s its directory.
    func remove(_ path: String) throws(MigrationError) {
        guard unlink(path) == 0 else { throw failure("unlink", path) }
        try syncDirectory(parent(of: path))
        afterEachStep()
    }

    /// Removes the tree at `path` (symbolic links themselves, never what they point to).
    func removeTree(_ path: String) throws(MigrationError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            for name in try entries(of: path) {
                try removeTree(path + "/" + name)
            }
            guard rmdir(path) == 0 else { throw failure("rmdir", path) }
        } else {
            guard unlink(path) == 0 else { throw failure("unlink", path) }
        }
        afterEachStep()
    }

    private func copyFile(_ source: String, to destination: String, mode: mode_t) throws(MigrationError) {
        let input = open(source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard input >= 0 else { throw failure("open", source) }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard output >= 0 else { throw failure("open", destination) }
        defer { close(output) }
        guard fchmod(output, mode) == 0 else { throw failure("fchmod", destination) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read", source)
            }
            if count == 0 { break }
            try writeAll(buffer[..<count], to: output, path: destination)
        }
        guard fsync(output) == 0 else { throw failure("fsync", destination) }
    }

    private func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, path: String) throws(MigrationError) {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("write", path)
            }
            offset += written
        }
    }

    private func syncDirectory(_ path: String) throws(MigrationError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("fsync", path) }
    }

    private func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private func failure(_ operation: String, _ path: String) -> MigrationError {
        let code = errno
        return MigrationError(operation: operation, path: path, code: code, reason: String(cString: strerror(code)))
    }
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
