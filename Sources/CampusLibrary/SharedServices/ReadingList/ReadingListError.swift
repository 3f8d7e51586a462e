import DurableState

/// Why the reading list could not be opened or a change saved. Descriptions name no book.
/// A `Sendable` value.
public enum ReadingListError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database could not be opened or migrated; it was left as it is, nothing was lost.
    case cannotOpen(String)
    /// The database was damaged: it was moved aside to `movedTo` (kept for recovery) and a new,
    /// empty reading list started in its place.
    case damaged(movedTo: String)
    /// A change could not be written; the transaction was rolled back, the list is as it was.
    case notSaved(String)
    /// The reading list is not open (still loading, or it could not be opened).
    case notOpen

    /// A message for the interface and the logs.
    public var description: String {
        switch self {
        case .cannotOpen(let reason): "Your reading list could not be opened (\(reason))."
        case .damaged(let movedTo):
            "Your reading list was damaged (or empty); it is kept at \(movedTo) and a new, empty list was started."
        case .notSaved(let reason): "Your reading list change was not saved (\(reason)); the list is as it was."
        case .notOpen: "Your reading list is not open."
        }
    }
}
