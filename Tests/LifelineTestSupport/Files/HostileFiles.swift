import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an attacker plants in a data directory, and how a test checks that nothing reached
/// through it changed: a symbolic link to a victim file outside, a FIFO, a snapshot of a file.
public enum HostileFiles {
    /// A file outside the data directory that a planted link points to, with known contents and
    /// mode, so a test can check it was neither written, truncated nor chmod-ed.
    public struct Victim: Sendable {
        /// Its path.
        public let path: String
        /// Its contents and mode when planted.
        public let original: Snapshot

        /// Creates the victim file at `path`.
        public init(at path: String, contents: String = "do not touch\n", mode: mode_t = 0o644) throws {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: path, contents: Data(contents.utf8)) else {
                throw HostileFileError("could not create \(path)")
            }
            guard chmod(path, mode) == 0 else { throw HostileFileError("chmod \(path) failed") }
            self.path = path
            self.original = try Snapshot(of: path)
        }

        /// Whether the victim still has its contents and mode.
        public var isUntouched: Bool { (try? Snapshot(of: path)) == original }
    }

    /// A file's contents and permission bits.
    public struct Snapshot: Equatable, Sendable {
        /// The bytes.
        public let contents: Data
        /// The permission bits.
        public let mode: mode_t

        /// Reads the file at `path` (following links: it is the victim's side that is checked).
        public init(of path: String) throws {
            contents = try Data(contentsOf: URL(fileURLWithPath: path))
            var status = stat()
            guard stat(path, &status) == 0 else { throw HostileFileError("stat \(path) failed") }
            mode = status.st_mode & 0o7777
        }
    }

    /// Plants a symbolic link at `path` pointing at `target`, creating the parent directory. The
    /// link belongs to the running user — or, when tests run as root, to `nobody`, as a link an
    /// attacker planted would (root's own links in root-only directories are the system's).
    public static func plantLink(at path: String, to target: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard symlink(target, path) == 0 else { throw HostileFileError("symlink \(path) failed: errno \(errno)") }
        if geteuid() == 0, lchown(path, 65534, 65534) != 0 { throw HostileFileError("lchown \(path) failed: errno \(errno)") }
    }

    /// Plants a FIFO at `path` (nobody ever opens its other end), creating the parent directory.
    public static func plantFIFO(at path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard mkfifo(path, 0o600) == 0 else { throw HostileFileError("mkfifo \(path) failed: errno \(errno)") }
    }

    /// Whether the item at `path` is still a FIFO.
    public static func isFIFO(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
    }

    /// Whether the item at `path` is still a symbolic link.
    public static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// The permission bits of the item at `path` (not following a link).
    public static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    /// Runs `body` on a thread of its own and waits at most `seconds` for it: `nil` when it did
    /// not finish (it blocked — opening a FIFO, say; the thread is abandoned), else its result.
    /// A test that would hang on the code it checks fails instead.
    public static func finishing<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return result.withLock { $0 }
    }
}

/// A set-up step of a hostile-file test failed.
public struct HostileFileError: Error, CustomStringConvertible {
    /// What failed.
    public let description: String

    /// Creates the error.
    public init(_ description: String) { self.description = description }
}
