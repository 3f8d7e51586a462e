/// Something a load had to work around: a file quarantined, a file that could not be moved aside,
/// a file that could not be read. The load still produced a value (the last good copy or the
/// default); these say what happened and what is left on disk.
///
/// A closed enum, `Sendable`; descriptions name files, versions and sizes, never the data.
public enum LoadIssue: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file at `path` failed to decode and was moved to `movedTo`.
    case quarantined(path: String, movedTo: String, reason: StoredDataError)
    /// The file at `path` failed to decode and could not be moved aside; it is left in place and
    /// saves refuse to overwrite it until it can be.
    case quarantineFailed(path: String, reason: StoredDataError, cause: FileSystemError)
    /// The file at `path` exists but could not be read; it is left in place.
    case unreadable(path: String, cause: FileSystemError)
    /// Older quarantined copies of the file at `path` were removed (their paths in `removed`) to
    /// keep only the newest ``Quarantine/keptCopies``: copies of a damaged file do not pile up.
    case olderCopiesRemoved(path: String, removed: [String])

    /// Why the data could not be used, when it was read.
    public var reason: StoredDataError? {
        switch self {
        case .quarantined(_, _, let reason), .quarantineFailed(_, let reason, _): reason
        case .unreadable, .olderCopiesRemoved: nil
        }
    }

    /// Whether this says that a file could not be read.
    var isUnreadable: Bool {
        if case .unreadable = self { true } else { false }
    }

    public var description: String {
        switch self {
        case let .quarantined(path, movedTo, reason):
            "\(reason) in \(FilePaths.name(of: path)); it was moved aside to \(FilePaths.name(of: movedTo))."
        case let .quarantineFailed(path, reason, cause):
            "\(reason) in \(FilePaths.name(of: path)); it could not be moved aside (\(cause)) and was left in place."
        case let .unreadable(path, cause):
            "\(FilePaths.name(of: path)) could not be read (\(cause)); it was left in place."
        case let .olderCopiesRemoved(path, removed):
            "Older damaged copies of \(FilePaths.name(of: path)) were deleted to keep the newest \(Quarantine.keptCopies): "
                + removed.map(FilePaths.name(of:)).joined(separator: ", ") + "."
        }
    }
}
