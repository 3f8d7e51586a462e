/// Why a store (``DocumentStore``, ``Preferences``, ``RestorationStore``, a ``DurableValueStorage``)
/// did not save. Each case says what is left on disk.
///
/// A closed enum, `Sendable`; descriptions name types, sizes and paths, never values.
public enum DurableStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The value could not be encoded. Nothing was written.
    case encodingFailed(type: String, reason: String)
    /// The encoded value is over the store's limit. Nothing was written.
    case tooLarge(bytes: Int, limit: Int)
    /// The value is, or contains, a ``SensitiveValue``. Nothing was written.
    case sensitiveValue(type: String)
    /// A corrupt file that could not be quarantined is in the way; it is not overwritten.
    case corruptFileInTheWay(path: String)
    /// The file exists but cannot be read, so what it holds is unknown; it is not overwritten.
    case unreadableFileInTheWay(path: String, cause: FileSystemError)
    /// The durable replace failed; see ``DurableWriteError`` for what is left.
    case write(DurableWriteError)
    /// The store's ``DataProtection`` class forbids reading or writing its file while the device
    /// is in its current state: nothing was written, and the stored value (which may not have
    /// been read) is untouched. Save again once the device is unlocked.
    case protectedDataUnavailable(ProtectedDataUnavailable)

    /// Whether the stored value is as it was before the save: true but for a write whose new
    /// contents were already in place when it failed (``DurableWriteError/previousContentsIntact``).
    public var leftStoredValueUnchanged: Bool {
        if case .write(let write) = self { return write.previousContentsIntact }
        return true
    }

    public var description: String {
        switch self {
        case let .encodingFailed(type, reason): "Could not encode a \(type) (\(reason)); nothing was written."
        case let .tooLarge(bytes, limit): "The encoded value is \(bytes) bytes, over the limit of \(limit); nothing was written."
        case .sensitiveValue(let type): "Refused to store a sensitive value (\(type)) here; nothing was written."
        case .corruptFileInTheWay(let path): "A corrupt file at \(path) could not be moved aside, so it was not overwritten; nothing was written."
        case let .unreadableFileInTheWay(path, cause): "\(path) exists but cannot be read (\(cause)), so it was not overwritten; nothing was written."
        case .write(let error): error.description
        case .protectedDataUnavailable(let refusal): refusal.description
        }
    }
}
