#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// The few POSIX calls ``FileSecretStore`` needs, with the permission checks built in: files
/// are created 0600 and directories 0700 (`fchmod` after creation, so the umask cannot change
/// them), every read verifies both, and a replace follows the durable recipe (temporary file →
/// `fsync` → `rename` → `fsync` of the directory).
///
/// Private to the secrets store until `POSIXFileSystem` offers the same guarantees; stateless.
enum SecretFile {
    /// Bits allowed on the store's directory and file: the owner's only.
    static let directoryMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600

    /// Creates `path` (and missing parents) as a 0700 directory, or checks the existing one.
    static func prepareDirectory(_ path: String) throws(SecretStoreError) {
        var info = stat()
        if lstat(path, &info) == 0 {
            try checkDirectory(path, info)
            return
        }
        guard errno == ENOENT else { throw failure("stat", path) }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, !FileManager.default.fileExists(atPath: parent) {
            try createPlainDirectory(parent)
        }
        guard mkdir(path, directoryMode) == 0 || errno == EEXIST else { throw failure("mkdir", path) }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { close(descriptor) }
        guard fchmod(descriptor, directoryMode) == 0 else { throw failure("fchmod", path) }
        guard fstat(descriptor, &info) == 0 else { throw failure("fstat", path) }
        try checkDirectory(path, info)
        try syncDirectory(parent.isEmpty ? "." : parent)
    }

    /// Checks that `path` is still a directory with no more than 0700.
    static func verifyDirectory(_ path: String) throws(SecretStoreError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw failure("stat", path) }
        try checkDirectory(path, info)
    }

    /// The contents of the file at `path` after checking it is a regular file with no more
    /// than 0600, or `nil` if there is none.
    static func read(_ path: String) throws(SecretStoreError) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw failure("open", path)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure("fstat", path) }
        guard info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) else {
            throw .storage("\(path) is not a regular file; it was left in place")
        }
        try checkMode(path, info.st_mode, allowed: fileMode)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glue.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        buffer.withUnsafeMutableBytes { bytes in _ = bytes.initializeMemory(as: UInt8.self, repeating: 0) }
        return data
    }

    /// Replaces the file at `path` with `data`, durably: on success the new contents survive a
    /// power loss; on failure the old file is untouched and the temporary file removed.
    static func replace(_ path: String, with data: Data) throws(SecretStoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = directory + "/.\(name).\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else { throw failure("open", temporary) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do throws(SecretStoreError) {
            guard fchmod(descriptor, fileMode) == 0 else { throw failure("fchmod", temporary) }
            try writeAll(data, to: descriptor, path: temporary)
            try syncFile(descriptor, path: temporary)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure("close", temporary) }
        guard rename(temporary, path) == 0 else { throw failure("rename", temporary) }
        renamed = true
        try syncDirectory(directory)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(SecretStoreError) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                Glue.write(descriptor, bytes.baseAddress.map { $0 + offset }, data.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("write", path)
            }
            offset += written
        }
    }

    private static func syncFile(_ descriptor: Int32, path: String) throws(SecretStoreError) {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(descriptor) == 0 else { throw failure("fsync", path) }
    }

    private static func syncDirectory(_ path: String) throws(SecretStoreError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", path) }
        defer { close(descriptor) }
        try syncFile(descriptor, path: path)
    }

    private static func createPlainDirectory(_ path: String) throws(SecretStoreError) {
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, !FileManager.default.fileExists(atPath: parent) {
            try createPlainDirectory(parent)
        }
        guard mkdir(path, directoryMode) == 0 || errno == EEXIST else { throw failure("mkdir", path) }
    }

    private static func checkDirectory(_ path: String, _ info: stat) throws(SecretStoreError) {
        guard info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) else {
            throw .storage("\(path) is not a directory (a symbolic link is refused too); it was left in place")
        }
        try checkMode(path, info.st_mode, allowed: directoryMode)
    }

    private static func checkMode(_ path: String, _ mode: mode_t, allowed: mode_t) throws(SecretStoreError) {
        let permissions = mode & 0o7777
        guard permissions & ~allowed == 0 else {
            throw .insecurePermissions(path: path, mode: UInt16(truncatingIfNeeded: permissions))
        }
    }

    private static func failure(_ operation: String, _ path: String) -> SecretStoreError {
        let code = errno
        return .storage("\(operation) failed for \(path): \(String(cString: strerror(code))) (errno \(code))")
    }
}

/// The C `read` and `write`, named apart from the static methods above.
private enum Glue {
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.read(descriptor, buffer, count)
        #elseif canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Musl.read(descriptor, buffer, count)
        #endif
    }

    static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(descriptor, buffer, count)
        #elseif canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #else
        Musl.write(descriptor, buffer, count)
        #endif
    }
}
