#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// The few POSIX calls ``FileSecretStore`` needs, with the checks built in: the directory is
/// opened once with `O_DIRECTORY | O_NOFOLLOW` (a link in its place is refused, not followed) and
/// every file operation is relative to that descriptor (`openat` with `O_NOFOLLOW`, `renameat`),
/// so nothing checked is later used by name. Files are created 0600 and the directory 0700
/// (`fchmod` after creation, so the umask cannot change them), every access verifies both, and a
/// replace follows the durable recipe (temporary file → `fsync` → `renameat` → `fsync` of the
/// directory descriptor).
///
/// Private to the secrets store (it also zeroes its read buffer, which the general file system
/// does not); stateless.
enum SecretFile {
    /// Bits allowed on the store's directory and file: the owner's only.
    static let directoryMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600

    /// Creates `path` (and missing parents) as a 0700 directory, or checks the existing one.
    static func prepareDirectory(_ path: String) throws(SecretStoreError) {
        var info = stat()
        if lstat(path, &info) == 0 {
            try withDirectory(path) { _ throws(SecretStoreError) in }
            return
        }
        guard errno == ENOENT else { throw failure("stat", path) }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, !FileManager.default.fileExists(atPath: parent) {
            try createPlainDirectory(parent)
        }
        guard mkdir(path, directoryMode) == 0 || errno == EEXIST else { throw failure("mkdir", path) }
        let descriptor = try openDirectory(path)
        defer { close(descriptor) }
        guard fchmod(descriptor, directoryMode) == 0 else { throw failure("fchmod", path) }
        try checkDirectory(path, descriptor)
        try syncDirectory(parent.isEmpty ? "." : parent)
    }

    /// Runs `body` with a descriptor of the directory at `path`, after checking that it is a
    /// directory (not a link) with no more than 0700.
    static func withDirectory<Result>(
        _ path: String, _ body: (Int32) throws(SecretStoreError) -> Result
    ) throws(SecretStoreError) -> Result {
        let descriptor = try openDirectory(path)
        defer { close(descriptor) }
        try checkDirectory(path, descriptor)
        return try body(descriptor)
    }

    /// The contents of the file `name` in `directory` after checking it is a regular file (not a
    /// link, FIFO or device) with no more than 0600, or `nil` if there is none.
    static func read(_ name: String, in directory: Int32, path: String) throws(SecretStoreError) -> Data? {
        let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw .storage("\(path) is a symbolic link; it was refused and left in place") }
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

    /// Replaces the file `name` in `directory` with `data`, durably: on success the new contents
    /// survive a power loss; on failure the old file is untouched and the temporary file removed.
    static func replace(_ name: String, in directory: Int32, path: String, with data: Data) throws(SecretStoreError) {
        let temporary = ".\(name).\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).tmp"
        let descriptor = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, fileMode)
        guard descriptor >= 0 else { throw failure("open", path + " (temporary file)") }
        var renamed = false
        defer { if !renamed { unlinkat(directory, temporary, 0) } }
        do throws(SecretStoreError) {
            guard fchmod(descriptor, fileMode) == 0 else { throw failure("fchmod", path) }
            try writeAll(data, to: descriptor, path: path)
            try syncFile(descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure("close", path) }
        guard renameat(directory, temporary, directory, name) == 0 else { throw failure("rename", path) }
        renamed = true
        try syncFile(directory, path: path)
    }

    private static func openDirectory(_ path: String) throws(SecretStoreError) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor < 0 else { return descriptor }
        let code = errno
        var info = stat()
        if code == ELOOP || code == ENOTDIR, lstat(path, &info) == 0 {
            throw .storage("\(path) is not a directory (a symbolic link is refused too); it was left in place")
        }
        errno = code
        throw failure("open", path)
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

    private static func checkDirectory(_ path: String, _ descriptor: Int32) throws(SecretStoreError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure("fstat", path) }
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
