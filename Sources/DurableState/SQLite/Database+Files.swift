#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Database {
    /// Makes sure the database file at `path` is a regular file before SQLite opens it: a missing
    /// one is created with exactly `permissions` (SQLite gives its `-wal` and `-shm` files the
    /// same mode), and a symbolic link, FIFO or device in its place is refused — SQLite would
    /// follow the link, and block reading a FIFO. `:memory:` and empty (temporary) paths are
    /// left to SQLite.
    /// - Throws: ``SQLiteError`` with ``ResultCode/cantOpen``; nothing was written but a new,
    ///   empty file.
    static func prepareFile(at path: String, permissions: UInt16) throws(SQLiteError) {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return }
        var created = true
        var descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode_t(permissions))
        if descriptor < 0, errno == EEXIST {
            created = false
            descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw refusal(path, "it is a symbolic link, which is not followed") }
            throw refusal(path, String(cString: strerror(code)))
        }
        defer { _ = posixClose(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw refusal(path, "it is not a regular file (a FIFO, socket, device or directory)")
        }
        if created, fchmod(descriptor, mode_t(permissions)) != 0 {
            throw refusal(path, "its permissions could not be set: \(String(cString: strerror(errno)))")
        }
    }

    private static func refusal(_ path: String, _ reason: String) -> SQLiteError {
        .sqlite(code: .cantOpen, message: "Refused to open the database file \(path): \(reason)", sql: nil)
    }
}
