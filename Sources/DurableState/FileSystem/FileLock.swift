import Synchronization

/// An exclusive lock on one file, held until ``release()`` or until the value is deinitialized
/// (or the process dies): what ``FileSystem/lockFile(at:permissions:)`` returns.
///
/// ```swift
/// let lock = try fileSystem.lockFile(at: directory + "/.lock", permissions: 0o600)
/// defer { lock.release() }
/// ```
///
/// The file system that made it decides what holding means (`flock` on an open descriptor for
/// ``POSIXFileSystem``; a holder table on the simulated disks) and hands the lock its release.
/// Owned by whoever took the lock — ``DataDirectory`` keeps its lock for the process's life.
/// `Sendable`: the release runs once, under a `Mutex`, from whichever thread calls it first.
public final class FileLock: Sendable {
    /// The locked file.
    public let path: String
    private let pendingRelease: Mutex<(@Sendable () -> Void)?>

    /// Creates a held lock of `path`; `release` gives it up (called once).
    public init(path: String, release: @escaping @Sendable () -> Void) {
        self.path = path
        self.pendingRelease = Mutex(release)
    }

    /// Whether the lock is still held by this value.
    public var isHeld: Bool { pendingRelease.withLock { $0 != nil } }

    /// Gives the lock up; later calls do nothing.
    public func release() {
        let release = pendingRelease.withLock { pending in
            defer { pending = nil }
            return pending
        }
        release?()
    }

    deinit { release() }
}
