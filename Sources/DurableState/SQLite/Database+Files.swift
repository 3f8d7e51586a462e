import CSQLite

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Database {
    /// The first bytes of every SQLite database file.
    static let header = Array("SQLite format 3\u{0}".utf8)

    /// Makes sure the database file at `path` is a regular file that holds a database before
    /// SQLite opens it. A missing one is created whole: built under a temporary name (its first
    /// page written by switching it to WAL), synced, then linked into place with its directory
    /// synced — so a crash never leaves an empty file at `path` — with exactly `permissions`
    /// (SQLite gives its `-wal` and `-shm` files the same mode). An existing file that is empty
    /// or does not start with SQLite's header is damaged, not new: it is refused with
    /// ``ResultCode/notADatabase``, never opened as a new empty database. A symbolic link, FIFO or
    /// device in its place is refused — SQLite would follow the link, and block reading a FIFO.
    /// `:memory:` and empty (temporary) paths are left to SQLite.
    /// - Throws: ``SQLiteError`` with ``ResultCode/cantOpen`` or ``ResultCode/notADatabase``;
    ///   nothing was written but, for a missing file, the new database.
    static func prepareFile(at path: String, permissions: UInt16) throws(SQLiteError) {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return try create(at: path, permissions: permissions) }
            if code == ELOOP { throw refusal(path, "it is a symbolic link, which is not followed") }
            throw refusal(path, String(cString: strerror(code)))
        }
        defer { _ = posixClose(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw refusal(path, "it is not a regular file (a FIFO, socket, device or directory)")
        }
        var first = [UInt8](repeating: 0, count: header.count)
        let count = first.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress, header.count) }
        guard count > 0 else { throw damaged(path, "it is empty (0 bytes)") }
        guard count == header.count, first == header else { throw damaged(path, "it does not start with SQLite's header") }
    }

    /// Builds a new, empty database beside `path` and links it into place (unless another
    /// process put one there first: then that one is used).
    private static func create(at path: String, permissions: UInt16) throws(SQLiteError) {
        let directory = FilePaths.directory(of: path)
        let temporary = FilePaths.join(directory, ".\(FilePaths.name(of: path)).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).new")
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(permissions))
        guard descriptor >= 0 else { throw refusal(path, "a new database could not be created: \(String(cString: strerror(errno)))") }
        defer { for suffix in ["", "-wal", "-shm"] { unlink(temporary + suffix) } }
        guard fchmod(descriptor, mode_t(permissions)) == 0 else {
            let code = errno
            _ = posixClose(descriptor)
            throw refusal(path, "its permissions could not be set: \(String(cString: strerror(code)))")
        }
        _ = posixClose(descriptor)
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(temporary, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, nil)
        let written = code == SQLITE_OK && sqlite3_exec(handle, "PRAGMA journal_mode = WAL", nil, nil, nil) == SQLITE_OK
        sqlite3_close_v2(handle)
        guard written else { throw refusal(path, "a new database could not be written") }
        let synced = open(temporary, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard synced >= 0, fsync(synced) == 0 else {
            if synced >= 0 { _ = posixClose(synced) }
            throw refusal(path, "a new database could not be synced")
        }
        _ = posixClose(synced)
        if link(temporary, path) != 0, errno != EEXIST {
            throw refusal(path, "a new database could not be put in place: \(String(cString: strerror(errno)))")
        }
        let parent = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if parent >= 0 {
            _ = fsync(parent)
            _ = posixClose(parent)
        }
    }

    private static func refusal(_ path: String, _ reason: String) -> SQLiteError {
        .sqlite(code: .cantOpen, message: "Refused to open the database file \(path): \(reason)", sql: nil)
    }

    private static func damaged(_ path: String, _ reason: String) -> SQLiteError {
        .sqlite(code: .notADatabase, message: "The database file \(path) is damaged: \(reason); it was not opened as a new one", sql: nil)
    }
}
