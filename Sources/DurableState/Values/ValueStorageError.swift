/// Why a ``ValueStorage`` could not load or save. A closed enum, `Sendable`; descriptions never
/// contain the value.
public enum ValueStorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A local store failed to save; see ``DurableStoreError`` for what is left on disk.
    case store(DurableStoreError)
    /// The stored file exists but cannot be read now; nothing may be written over it.
    case unreadable(LoadIssue)
    /// The remote service failed.
    case remote(RemoteRecordError)

    public var description: String {
        switch self {
        case .store(let error): error.description
        case .unreadable(let issue): issue.description
        case .remote(let error): error.description
        }
    }
}
