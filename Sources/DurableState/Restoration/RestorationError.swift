/// What went wrong while restoring; the restore still produced a usable state (the default).
///
/// A closed enum, `Sendable`; descriptions name files, versions and counts, never the state.
public enum RestorationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stored file could not be used: it was quarantined (kept, not deleted), left in place,
    /// or could not be read.
    case unusableFile(LoadIssue)
    /// A restoration payload handed over in memory (a scene session's) could not be used.
    case unusablePayload(StoredDataError)
    /// The app's validator rejected the whole state.
    case invalid(message: String)
    /// The crash-loop guard discarded all restoration state after this many launches that did not
    /// finish.
    case discardedAfterUnfinishedLaunches(Int)

    public var description: String {
        switch self {
        case .unusableFile(let issue): "Restoration state unusable: \(issue)"
        case .unusablePayload(let error): "Restoration payload unusable: \(error)"
        case .invalid: "Restored state failed validation; the default state is used."
        case .discardedAfterUnfinishedLaunches(let count):
            "Restoration state was discarded after \(count) launches that did not finish."
        }
    }
}
