import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The real file system, through POSIX system calls.
///
/// ```swift
/// let store = DocumentStore(fileSystem: POSIXFileSystem(), directory: "/var/app/documents", ...)
/// ```
///
/// Every call retries on `EINTR`, maps `errno` to ``FileSystemError``, opens descriptors with
/// `O_CLOEXEC` and closes them before returning. Files and directories it creates get exactly
/// the requested permission bits (`fchmod`/`chmod` after creation, so the umask cannot change them). ``syncFile(at:)`` uses `fcntl(F_FULLFSYNC)` on
/// Apple platforms (a plain `fsync` there only reaches the drive's cache) and falls back to `fsync`
/// where the file system does not support it; ``syncDirectory(at:)`` opens the directory
/// read-only and `fsync`s it. A stateless value, `Sendable`, safe on any thread; whoever builds the
/// composition root creates it.
public struct POSIXFileSystem: FileSystem {
    /// Creates the file system.
    public init() {}

    public func readFile(at path: String) throws(FileSystemError) -> Data {
        let descriptor = try Self.open(path, flags: O_RDONLY, operation: "open for reading")
        defer { _ = posixClose(descriptor) }
        var result = Data()
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 {
            result.reserveCapacity(Int(status.st_size))
        }
        let chunkSize = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                Self.retrying { posixRead(descriptor, raw.baseAddress, chunkSize) }
            }
            if count < 0 { throw Self.error(path: path, operation: "read") }
            if count == 0 { break }
            result.append(contentsOf: buffer[0..<count])
        }
        return result
    }

    public func itemExists(at path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    public func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            if mkdir(prefix, mode_t(permissions)) == 0 {
                guard chmod(prefix, mode_t(permissions)) == 0 else { throw Self.error(path: prefix, operation: "chmod") }
                continue
            }
            let code = errno
            guard code == EEXIST else { throw Self.error(path: prefix, operation: "mkdir", code: code) }
            var status = stat()
            guard stat(prefix, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
                throw .io(path: prefix, operation: "mkdir (exists and is not a directory)", code: EEXIST)
            }
        }
    }

    public func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        guard let directory = opendir(path) else { throw Self.error(path: path, operation: "opendir") }
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
        if unlink(path) == 0 { return }
        let code = errno
        if code == ENOENT { return }
        guard code == EISDIR || code == EPERM else { throw Self.error(path: path, operation: "unlink", code: code) }
        if rmdir(path) == 0 || errno == ENOENT { return }
        throw Self.error(path: path, operation: "rmdir")
    }

    public func rename(from source: String, to destination: String) throws(FileSystemError) {
        let status = Self.retrying { posixRename(source, destination) }
        if status != 0 { throw Self.error(path: source, operation: "rename") }
    }

    public func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        let descriptor = try Self.openForWriting(path, permissions: permissions)
        defer { _ = posixClose(descriptor) }
        try Self.writeAll(data, to: descriptor, path: path)
    }

    public func writeAndSyncFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        let descriptor = try Self.openForWriting(path, permissions: permissions)
        defer { _ = posixClose(descriptor) }
        try Self.writeAll(data, to: descriptor, path: path)
        try Self.fullSync(descriptor, path: path)
    }

    public func syncFile(at path: String) throws(FileSystemError) {
        let descriptor = try Self.open(path, flags: O_RDONLY, operation: "open for sync")
        defer { _ = posixClose(descriptor) }
        try Self.fullSync(descriptor, path: path)
    }

    public func syncDirectory(at path: String) throws(FileSystemError) {
        let descriptor = try Self.open(path, flags: O_RDONLY | O_DIRECTORY, operation: "open directory")
        defer { _ = posixClose(descriptor) }
        try Self.fullSync(descriptor, path: path)
    }

    public func permissions(at path: String) throws(FileSystemError) -> UInt16 {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Self.error(path: path, operation: "stat") }
        return UInt16(truncatingIfNeeded: status.st_mode & 0o7777)
    }
}

extension POSIXFileSystem {
    static func open(_ path: String, flags: Int32, operation: String) throws(FileSystemError) -> Int32 {
        let descriptor = retrying { posixOpen(path, flags | O_CLOEXEC, 0) }
        if descriptor < 0 { throw error(path: path, operation: operation) }
        return descriptor
    }

    static func openForWriting(_ path: String, permissions: UInt16) throws(FileSystemError) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        let descriptor = retrying { posixOpen(path, flags, mode_t(permissions)) }
        if descriptor < 0 { throw error(path: path, operation: "open for writing") }
        // The umask narrows the mode of a new file and an existing file keeps its own: set it.
        guard fchmod(descriptor, mode_t(permissions)) == 0 else {
            let code = errno
            _ = posixClose(descriptor)
            throw error(path: path, operation: "fchmod", code: code)
        }
        return descriptor
    }

    static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(FileSystemError) {
        let failure: Int32? = data.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let written = retrying { posixWrite(descriptor, base + offset, raw.count - offset) }
                if written < 0 { return errno }
                offset += written
            }
            return nil
        }
        if let failure { throw error(path: path, operation: "write", code: failure) }
    }

    /// `F_FULLFSYNC` where it exists (falling back to `fsync` if the file system refuses it), else `fsync`.
    static func fullSync(_ descriptor: Int32, path: String) throws(FileSystemError) {
        #if canImport(Darwin)
        if retrying({ fcntl(descriptor, F_FULLFSYNC) }) == 0 { return }
        #endif
        if retrying({ fsync(descriptor) }) != 0 { throw error(path: path, operation: "fsync") }
    }

    /// Runs `call` again while it fails with `EINTR`.
    static func retrying<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    static func error(path: String, operation: String, code: Int32 = errno) -> FileSystemError {
        switch code {
        case ENOENT, ENOTDIR: .notFound(path)
        case EACCES, EPERM, EROFS: .permissionDenied(path)
        case ENOSPC, EDQUOT: .noSpace(path)
        default: .io(path: path, operation: operation, code: code)
        }
    }
}

// Unambiguous names for the C calls that `FileSystem`'s method names shadow.
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Darwin)
    Darwin.open(path, flags, mode)
    #elseif canImport(Glibc)
    Glibc.open(path, flags, mode)
    #else
    Musl.open(path, flags, mode)
    #endif
}

private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func posixClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func posixRename(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}
