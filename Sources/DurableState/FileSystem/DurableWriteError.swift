/// Why a durable replace (``DurableFile/replace(with:keepingBackup:)``) did not report success,
/// and what it left behind.
///
/// A value, `Sendable`. Its description names the file and the step, never the data.
public struct DurableWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The step of the recipe that failed.
    public enum Step: String, Sendable, Equatable, CustomStringConvertible {
        /// Writing and syncing the temporary file next to the target.
        case writeTemporary = "write the temporary file"
        /// Moving the previous generation to the backup name.
        case keepBackup = "keep the previous generation as a backup"
        /// Renaming the temporary file over the target.
        case replace = "rename the temporary file over the target"
        /// Syncing the directory so that the new name survives a power loss.
        case syncDirectory = "sync the directory"
        /// Creating the target's directory.
        case createDirectory = "create the directory"

        public var description: String { rawValue }
    }

    /// The step that failed.
    public let step: Step
    /// The file that was being replaced.
    public let path: String
    /// The underlying failure.
    public let cause: FileSystemError

    /// Creates the error.
    public init(step: Step, path: String, cause: FileSystemError) {
        self.step = step
        self.path = path
        self.cause = cause
    }

    /// Whether the target still holds its previous contents (at its own name, or at the backup
    /// name when the backup step had already moved it).
    public var previousContentsIntact: Bool { step != .syncDirectory }

    public var description: String {
        let leftBehind: String
        switch step {
        case .writeTemporary, .keepBackup, .createDirectory:
            leftBehind = "the previous contents are intact"
        case .replace:
            leftBehind = "the previous contents are intact (possibly moved to the backup name)"
        case .syncDirectory:
            leftBehind = "the new contents are in place but may not survive a power loss"
        }
        return "Could not \(step) while saving \(path): \(cause); \(leftBehind)."
    }
}
