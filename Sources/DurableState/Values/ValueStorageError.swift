/// Why a ``ValueStorage`` could not load or save. A closed enum, `Sendable`; descriptions never
/// contain the value.
public enum ValueStorageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A local store failed to save; see ``DurableStoreError`` for what is left on disk.
    case store(DurableStoreError)
    /// The stored file exists but cannot be read now; nothing may be written over it.
    case unreadable(LoadIssue)
    /// The remote service failed.
    case remote(RemoteRecordError)

    /// Whether the same save may succeed later with nothing else changed: the disk had no room
    /// or failed, a file could not be read or replaced now, the service did not answer. Not so
    /// for a value that cannot be stored at all (it does not encode, is too large or sensitive),
    /// a corrupt file in the way or a request the service refused.
    public var mayPass: Bool {
        switch self {
        case .store(.encodingFailed), .store(.tooLarge), .store(.sensitiveValue), .store(.corruptFileInTheWay),
             .remote(.rejected):
            false
        case .store, .unreadable, .remote: true
        }
    }

    /// Whether the stored value is as it was before the save: a local store's failure that left
    /// it (``DurableStoreError/leftStoredValueUnchanged``), a file that could not be read. Not
    /// known of a remote service's failure (the request may have been applied).
    public var leftStoredValueUnchanged: Bool {
        switch self {
        case .store(let error): error.leftStoredValueUnchanged
        case .unreadable: true
        case .remote: false
        }
    }

    public var description: String {
        switch self {
        case .store(let error): error.description
        case .unreadable(let issue): issue.description
        case .remote(let error): error.description
        }
    }
}
