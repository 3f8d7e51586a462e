/// Why a ``LegacyDirectoryMigration`` stopped: the file operation, its path and the `errno`. What
/// is left behind is said by ``LegacyDirectoryMigration/run()``. A `Sendable` value.
public struct MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The operation that failed (`open`, `rename`, …).
    public let operation: String
    /// The path it failed on.
    public let path: String
    /// The `errno` it failed with (0 when the failure is not a system call's).
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

    /// `migrating <path>: <operation> failed: <reason>`.
    public var description: String { "migrating \(path): \(operation) failed: \(reason)" }
}
