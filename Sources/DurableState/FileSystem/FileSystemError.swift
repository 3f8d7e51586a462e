/// Why a file-system operation failed. The operation did not happen, or for a write, the target
/// file may hold partial data that no reader treats as committed.
///
/// A closed enum, `Sendable`; every description names the path, never the data.
public enum FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file or directory at the path.
    case notFound(String)
    /// The process may not access the path.
    case permissionDenied(String)
    /// The device is full.
    case noSpace(String)
    /// The caller's process incarnation was killed; nothing it does reaches the disk (simulator).
    case fenced(String)
    /// The path is a symbolic link, or passes through one below the file system's root: it was
    /// not followed, and nothing was read or written through it.
    case symbolicLink(String)
    /// The path names something other than a regular file where a data file was expected (a
    /// FIFO, a socket, a device, a directory): it was not read or written.
    case notRegularFile(String)
    /// The file has more than one name (a hard link), so writing it in place would change a file
    /// elsewhere: it was not written.
    case hardLinked(String)
    /// The path is not absolute, contains `..`, or lies outside the file system's root: it was
    /// not touched.
    case outsideRoot(path: String, root: String)
    /// A new file was to be created, but the name is taken (by a file, a directory or a link).
    case alreadyExists(String)
    /// Another holder (another process, or another lock of this one) holds the file's lock.
    case locked(String)
    /// Any other failure, with the operation and the `errno` value.
    case io(path: String, operation: String, code: Int32)
    /// The file's ``DataProtection`` class forbids the access while the device is locked (or
    /// not yet unlocked since it booted): the file was not opened, and it is neither missing nor
    /// damaged (``ProtectedFileSystem``).
    case protectedDataUnavailable(ProtectedDataUnavailable)

    public var description: String {
        switch self {
        case .notFound(let path): "No such file or directory: \(path)"
        case .permissionDenied(let path): "Permission denied: \(path)"
        case .noSpace(let path): "No space left on device while writing \(path)"
        case .fenced(let path): "Write refused: the process incarnation that asked was killed (\(path))"
        case .symbolicLink(let path): "Refused \(path): it is a symbolic link or passes through one, and links are not followed"
        case .notRegularFile(let path): "Refused \(path): it is not a regular file (a FIFO, socket, device or directory)"
        case .hardLinked(let path): "Refused \(path): it has other names (hard links), so it is not written in place"
        case let .outsideRoot(path, root): "Refused \(path): it is not an absolute path inside \(root)"
        case .alreadyExists(let path): "\(path) already exists"
        case .locked(let path): "\(path) is locked by another holder"
        case let .io(path, operation, code): "\(operation) failed for \(path) (errno \(code))"
        case .protectedDataUnavailable(let refusal): refusal.description
        }
    }
}
