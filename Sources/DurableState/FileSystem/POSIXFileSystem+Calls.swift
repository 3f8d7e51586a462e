import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The system calls behind ``POSIXFileSystem``, with `EINTR` retried and `errno` mapped to
/// ``FileSystemError``.
extension POSIXFileSystem {
    /// Opens the regular file at `location` with `flags` (plus `O_NOFOLLOW` below the root,
    /// `O_NONBLOCK` so a FIFO cannot block the open, and `O_CLOEXEC`), and checks with `fstat`
    /// that it is a regular file. Returns the descriptor and its status; the caller closes it.
    static func openRegularFile(
        _ location: borrowing Location, flags: Int32, permissions: UInt16 = 0, operation: String
    ) throws(FileSystemError) -> (descriptor: Int32, status: stat) {
        let descriptor = retrying {
            posixOpenAt(location.directory, location.name, flags | location.noFollow | O_NONBLOCK | O_CLOEXEC, mode_t(permissions))
        }
        if descriptor < 0 { throw refusal(location, operation: operation) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            _ = posixClose(descriptor)
            throw error(path: location.path, operation: "fstat", code: code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            _ = posixClose(descriptor)
            throw .notRegularFile(location.path)
        }
        return (descriptor, status)
    }

    /// Opens the directory at `location` for reading (listing, syncing, `fchmod`), refusing a
    /// link that is not the system's own.
    static func openDirectory(_ location: borrowing Location, operation: String) throws(FileSystemError) -> Int32 {
        guard location.isRoot else {
            return try openDirectory(named: location.name, in: location.directory, path: location.path, flags: O_RDONLY)
        }
        let descriptor = retrying { posixOpenAt(location.directory, location.name, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0) }
        if descriptor < 0 { throw refusal(location, operation: operation) }
        return descriptor
    }

    /// `fchmod`, closing `descriptor` when it fails.
    static func setMode(_ descriptor: Int32, _ permissions: UInt16, path: String) throws(FileSystemError) {
        guard fchmod(descriptor, mode_t(permissions)) == 0 else {
            let code = errno
            _ = posixClose(descriptor)
            throw error(path: path, operation: "fchmod", code: code)
        }
    }

    /// The error for a failed open of `location`'s last component: ``FileSystemError/symbolicLink(_:)``
    /// when the component is a link (`O_NOFOLLOW` reports `ELOOP`, or `ENOTDIR` with
    /// `O_DIRECTORY`), else the mapped `errno`.
    static func refusal(_ location: borrowing Location, operation: String, code: Int32 = errno) -> FileSystemError {
        refusal(in: location.directory, name: location.name, path: location.path, operation: operation, code: code)
    }

    static func refusal(in directory: Int32, name: String, path: String, operation: String, code: Int32) -> FileSystemError {
        if code == ELOOP || code == ENOTDIR || code == EMLINK {
            var status = stat()
            if fstatat(directory, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFLNK {
                return .symbolicLink(path)
            }
        }
        return error(path: path, operation: operation, code: code)
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

    static func readAll(from descriptor: Int32, sizeHint: Int, path: String, limit: Int = .max) throws(FileSystemError) -> Data {
        var result = Data()
        if sizeHint > 0 { result.reserveCapacity(min(sizeHint, limit)) }
        let chunkSize = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while result.count < limit {
            let wanted = min(chunkSize, limit - result.count)
            let count = buffer.withUnsafeMutableBytes { raw in
                retrying { posixRead(descriptor, raw.baseAddress, wanted) }
            }
            if count < 0 { throw error(path: path, operation: "read") }
            if count == 0 { break }
            result.append(contentsOf: buffer[0..<count])
        }
        return result
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
        case EEXIST: .alreadyExists(path)
        case ENXIO: .notRegularFile(path)
        default: .io(path: path, operation: operation, code: code)
        }
    }
}

/// The modification time in a `stat`.
func modificationTime(of status: stat) -> Date {
    #if canImport(Darwin)
    let time = status.st_mtimespec
    #else
    let time = status.st_mtim
    #endif
    return Date(timeIntervalSince1970: TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1_000_000_000)
}

// Unambiguous names for the C calls that `FileSystem`'s method names shadow.
func posixOpenAt(_ directory: Int32, _ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Darwin)
    Darwin.openat(directory, path, flags, mode)
    #elseif canImport(Glibc)
    Glibc.openat(directory, path, flags, mode)
    #else
    Musl.openat(directory, path, flags, mode)
    #endif
}

func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

func posixClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
