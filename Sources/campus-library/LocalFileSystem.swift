import DurableState
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real file system through POSIX calls, for the terminal app until DurableState's own
/// implementation is available to it. Stateless and `Sendable`; every call is a system call.
struct LocalFileSystem: FileSystem {
    func readFile(at path: String) throws(FileSystemError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(path, "open") }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Self.error(path, "read") }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    func itemExists(at path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    func createDirectory(at path: String, permissions: UInt16) throws(FileSystemError) {
        var current = ""
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, mode_t(permissions)) != 0, errno != EEXIST { throw Self.error(current, "mkdir") }
        }
    }

    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        guard let directory = opendir(path) else { throw Self.error(path, "opendir") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    func removeItem(at path: String) throws(FileSystemError) {
        if unlink(path) == 0 || errno == ENOENT { return }
        if errno == EISDIR || errno == EPERM, rmdir(path) == 0 { return }
        throw Self.error(path, "remove")
    }

    func rename(from source: String, to destination: String) throws(FileSystemError) {
        guard Foundation.rename(source, destination) == 0 else { throw Self.error(source, "rename") }
    }

    func writeFile(_ data: Data, to path: String, permissions: UInt16) throws(FileSystemError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(permissions))
        guard descriptor >= 0 else { throw Self.error(path, "open") }
        defer { close(descriptor) }
        _ = fchmod(descriptor, mode_t(permissions))
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + offset }, data.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw Self.error(path, "write") }
            offset += written
        }
    }

    func syncFile(at path: String) throws(FileSystemError) {
        try sync(path, flags: O_RDONLY)
    }

    func syncDirectory(at path: String) throws(FileSystemError) {
        try sync(path, flags: O_RDONLY | O_DIRECTORY)
    }

    func permissions(at path: String) throws(FileSystemError) -> UInt16 {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Self.error(path, "stat") }
        return UInt16(status.st_mode & 0o7777)
    }

    private func sync(_ path: String, flags: Int32) throws(FileSystemError) {
        let descriptor = open(path, flags | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(path, "open") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Self.error(path, "fsync") }
    }

    private static func error(_ path: String, _ operation: String) -> FileSystemError {
        switch errno {
        case ENOENT: .notFound(path)
        case EACCES, EPERM: .permissionDenied(path)
        case ENOSPC: .noSpace(path)
        default: .io(path: path, operation: operation, code: errno)
        }
    }
}
