#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one kind of link ``POSIXFileSystem`` follows in a directory's place: the system's own —
/// owned by root, in a directory owned by root that nobody else may write — such as macOS's and
/// iOS's `/var` and `/tmp`, or a distribution's `/home → /var/home`. Only root can have put such
/// a link there, so following it reaches nothing an attacker chose; every other link is refused.
/// A data file's own name is never followed, whoever owns the link.
extension POSIXFileSystem {
    /// The most system links one directory lookup follows.
    static let maximumSystemLinks = 8

    /// Opens the directory `name` in `directory` (a descriptor the caller keeps) with `O_NOFOLLOW`,
    /// following `name` only if it is a system link. Returns a descriptor opened with `flags`
    /// (plus `O_DIRECTORY | O_CLOEXEC`); the caller closes it.
    /// - Throws: ``FileSystemError/symbolicLink(_:)`` (naming `path`) for any other link.
    static func openDirectory(
        named name: String, in directory: Int32, path: String, flags: Int32, links: Int = 0
    ) throws(FileSystemError) -> Int32 {
        let opened = retrying { posixOpenAt(directory, name, O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | flags, 0) }
        if opened >= 0 { return opened }
        let code = errno
        guard code == ELOOP || code == ENOTDIR, let target = systemLinkTarget(name, in: directory) else {
            throw refusal(in: directory, name: name, path: path, operation: "open directory", code: code)
        }
        guard links < maximumSystemLinks else { throw .io(path: path, operation: "open directory (too many links)", code: ELOOP) }
        let start = target.hasPrefix("/") ? "/" : "."
        var current = retrying { posixOpenAt(directory, start, O_DIRECTORY | O_CLOEXEC | walkFlags, 0) }
        if current < 0 { throw error(path: path, operation: "open directory") }
        let components = target.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        for (index, component) in components.enumerated() {
            let componentFlags = index == components.count - 1 ? flags : walkFlags
            let next: Int32
            if component == ".." {
                next = retrying { posixOpenAt(current, "..", O_DIRECTORY | O_CLOEXEC | componentFlags, 0) }
                if next < 0 {
                    let failure = error(path: path, operation: "open directory")
                    _ = posixClose(current)
                    throw failure
                }
            } else {
                do {
                    next = try openDirectory(named: String(component), in: current, path: path, flags: componentFlags, links: links + 1)
                } catch {
                    _ = posixClose(current)
                    throw error
                }
            }
            _ = posixClose(current)
            current = next
        }
        if components.isEmpty {
            // A link to `/` or `.`: reopen with the flags asked for.
            let reopened = retrying { posixOpenAt(current, ".", O_DIRECTORY | O_CLOEXEC | flags, 0) }
            _ = posixClose(current)
            if reopened < 0 { throw error(path: path, operation: "open directory") }
            return reopened
        }
        return current
    }

    /// The target of `name` in `directory` if it is a system link, else `nil`.
    static func systemLinkTarget(_ name: String, in directory: Int32) -> String? {
        var link = stat()
        guard fstatat(directory, name, &link, AT_SYMLINK_NOFOLLOW) == 0, link.st_mode & S_IFMT == S_IFLNK, link.st_uid == 0 else {
            return nil
        }
        var parent = stat()
        guard fstat(directory, &parent) == 0, parent.st_uid == 0, parent.st_mode & 0o022 == 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlinkat(directory, name, &buffer, buffer.count)
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
