import DurableState

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a ``LegacyDirectoryMigration`` stopped: the file operation, its path and the `errno`. What
/// is left behind is said by ``LegacyDirectoryMigration/run()``. A `Sendable` value.
public struct MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The operation that failed (`copy`, `rename`, …).
    public let operation: String
    /// The path it failed on.
    public let path: String
    /// The `errno` it failed with (0 when the failure is not a system call's, or not known).
    public let code: Int32
    /// Why, in words.
    public let reason: String

    /// A failure of `operation` on `path`.
    public init(operation: String, path: String, code: Int32, reason: String) {
        self.operation = operation
        self.path = path
        self.code = code
        self.reason = reason
    }

    /// The failure of `operation` that DurableState's file system reported as `cause` (which
    /// names the path).
    public init(operation: String, cause: FileSystemError) {
        let (path, code): (String, Int32) =
            switch cause {
            case .notFound(let path): (path, ENOENT)
            case .permissionDenied(let path): (path, EACCES)
            case .noSpace(let path): (path, ENOSPC)
            case .alreadyExists(let path): (path, EEXIST)
            case .symbolicLink(let path): (path, ELOOP)
            case .locked(let path): (path, EWOULDBLOCK)
            case let .io(path, _, code): (path, code)
            case .fenced(let path), .notRegularFile(let path), .hardLinked(let path): (path, 0)
            case .outsideRoot(let path, _): (path, 0)
            case .protectedDataUnavailable(let refusal): (refusal.item, EPERM)
            }
        self.init(operation: operation, path: path, code: code, reason: cause.description)
    }

    /// `migrating <path>: <operation> failed: <reason>`.
    public var description: String { "migrating \(path): \(operation) failed: \(reason)" }
}
