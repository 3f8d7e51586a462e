import Foundation
import Lifecycle

/// An app's data directory, claimed by one process at a time: created owner-only (or tightened
/// if others could enter it), and locked for as long as the value lives — normally the process's
/// life.
///
/// ```swift
/// let data: DataDirectory
/// do {
///     data = try DataDirectory.claim(path, fileSystem: POSIXFileSystem(root: path), logger: logger)
/// } catch .inUse(_, let pid) {
///     print("already running with this data directory, pid \(pid.map(String.init) ?? "unknown")")
///     exit(75)   // nothing was written
/// }
/// ```
///
/// Why: two processes on one store each believe their own writes — both show "saved" for
/// different text of the same note, and the last writer silently wins. Practical advice: claim
/// the directory before anything else touches it (before a log file is opened, before any store
/// loads), keep the value for the process's life, and tell the user who holds it when the claim
/// fails. If you don't: nothing stops a second instance; each write is still atomic, but one
/// instance's saves are lost.
///
/// The lock is the exclusive lock of ``lockFileName`` in the directory
/// (``FileSystem/lockFile(at:permissions:)``: `flock` on a real disk), so it is released when the
/// process dies, however it dies. The holder writes its process identifier into the file so a
/// second instance can name it; a second instance opens the file and writes nothing. SQLite
/// databases in the directory keep their own locking as well (see ``DatabaseConfiguration``).
///
/// A directory that group or others may enter is tightened to its owner's bits (0755 → 0700),
/// or, when that fails, reported in ``access``; both are logged.
///
/// Owned by the process's entry point (a global constant of `main.swift`, say); `Sendable`.
public final class DataDirectory: Sendable {
    /// What ``claim(_:fileSystem:creatingIfMissing:processID:logger:)`` found of the directory's permissions.
    public enum Access: Sendable, Equatable {
        /// Only the owner could enter it (or it was just created 0700).
        case ownerOnly
        /// Group or others could enter it; its mode was narrowed to the owner's bits.
        case tightened(from: UInt16)
        /// Group or others can enter it and it could not be narrowed.
        case accessibleByOthers(mode: UInt16, cause: FileSystemError)
    }

    /// The name of the lock file inside the directory.
    public static let lockFileName = ".lifeline.lock"

    /// The directory (absolute).
    public let path: String
    /// The file system it was claimed through.
    public let fileSystem: any FileSystem
    /// What the claim found of the directory's permissions.
    public let access: Access
    private let lock: FileLock

    private init(path: String, fileSystem: any FileSystem, access: Access, lock: FileLock) {
        self.path = path
        self.fileSystem = fileSystem
        self.access = access
        self.lock = lock
    }

    /// The lock file's path.
    public var lockPath: String { FilePaths.join(path, Self.lockFileName) }

    /// Whether this value still holds the directory.
    public var isHeld: Bool { lock.isHeld }

    /// Claims the directory at `path` for this process: creates it 0700 if missing (unless not
    /// `creatingIfMissing`), takes its lock without waiting, tightens it if group or others may
    /// enter it, and writes `processID` into the lock file.
    ///
    /// - Throws: ``DataDirectoryError/inUse(path:processID:)`` when another process (or another
    ///   claim in this one) holds it: nothing was written. ``DataDirectoryError/notADirectory(path:)``
    ///   when a file or device is at `path`: it was left alone. ``DataDirectoryError/unusable(path:cause:)``
    ///   when it cannot be created, opened or locked (a link in its place, a full disk, or, not
    ///   `creatingIfMissing`, no directory there: ``FileSystemError/notFound(_:)``): nothing was
    ///   written but a missing directory that could be created.
    public static func claim(
        _ path: String,
        fileSystem: any FileSystem,
        creatingIfMissing: Bool = true,
        processID: Int32 = ProcessInfo.processInfo.processIdentifier,
        logger: LifelineLogger = .disabled
    ) throws(DataDirectoryError) -> DataDirectory {
        let logger = logger.category("data-directory")
        let lockPath = FilePaths.join(path, lockFileName)
        let exists = fileSystem.itemExists(at: path)
        let lock: FileLock
        do throws(FileSystemError) {
            if !exists {
                guard creatingIfMissing else { throw .notFound(path) }
                do throws(DurableWriteError) {
                    try DurableFile.createDirectory(path, fileSystem: fileSystem, permissions: 0o700)
                } catch {
                    throw error.cause
                }
            }
            lock = try fileSystem.lockFile(at: lockPath, permissions: 0o600)
        } catch .locked {
            throw .inUse(path: path, processID: holder(of: lockPath, fileSystem: fileSystem))
        } catch .notFound where exists && !fileSystem.directoryExists(at: path) {
            throw .notADirectory(path: path)
        } catch {
            throw .unusable(path: path, cause: error)
        }
        let access = tighten(path, fileSystem: fileSystem, logger: logger)
        do {
            try fileSystem.writeFile(Data("\(processID)\n".utf8), to: lockPath, permissions: 0o600)
        } catch {
            logger.warning("The process identifier could not be written to \(lockFileName, privacy: .public): \(error.description, privacy: .public)")
        }
        return DataDirectory(path: path, fileSystem: fileSystem, access: access, lock: lock)
    }

    /// Gives the directory up (the lock file stays, empty of meaning); a later claim may take it.
    public func release() {
        lock.release()
    }

    /// The process identifier the holder wrote into the lock file, if it is readable. A holder
    /// that took the lock an instant ago may not have written it yet (two launches at once): the
    /// file is read again a few times over at most 100 ms before the holder is called unknown.
    static func holder(of lockPath: String, fileSystem: any FileSystem) -> Int32? {
        for attempt in 0..<20 {
            if attempt > 0 { usleep(5_000) }
            guard let (data, size) = try? fileSystem.readFile(at: lockPath, maximumSize: 32), size <= 32 else { return nil }
            if let pid = Int32(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
        }
        return nil
    }

    /// Narrows a directory that group or others may enter to its owner's bits.
    private static func tighten(_ path: String, fileSystem: any FileSystem, logger: LifelineLogger) -> Access {
        let mode: UInt16
        do {
            mode = try fileSystem.permissions(at: path)
        } catch {
            logger.warning("The permissions of the data directory could not be read: \(error.description, privacy: .public)")
            return .ownerOnly
        }
        guard mode & 0o077 != 0 else { return .ownerOnly }
        let shown = String(mode, radix: 8)
        do {
            try fileSystem.setPermissions(mode & 0o700, at: path)
        } catch {
            logger.error(
                "The data directory can be entered by other users (mode \(shown, privacy: .public)) and could not be tightened: \(error.description, privacy: .public)"
            )
            return .accessibleByOthers(mode: mode, cause: error)
        }
        logger.warning("The data directory could be entered by other users (mode \(shown, privacy: .public)); it is now owner-only.")
        return .tightened(from: mode)
    }
}

/// Why ``DataDirectory/claim(_:fileSystem:creatingIfMissing:processID:logger:)`` did not claim the directory. A
/// closed enum, `Sendable`; descriptions name the directory and the holder, never data.
public enum DataDirectoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process holds the directory; `processID` is the one it wrote into the lock file,
    /// if readable. Nothing was written.
    case inUse(path: String, processID: Int32?)
    /// Something other than a directory is at the path (a file, `/dev/null`): it was left alone.
    case notADirectory(path: String)
    /// The directory could not be created, opened or locked.
    case unusable(path: String, cause: FileSystemError)

    public var description: String {
        switch self {
        case let .inUse(path, processID?): "\(path) is in use by another process (pid \(processID))"
        case let .inUse(path, nil): "\(path) is in use by another process"
        case .notADirectory(let path): "\(path) is not a directory, so it cannot be the data directory"
        case let .unusable(path, cause): "\(path) cannot be used as the data directory: \(cause)"
        }
    }
}
