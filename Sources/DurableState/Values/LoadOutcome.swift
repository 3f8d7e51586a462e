import Foundation

/// What loading a store found, as an app tells its user: the latest copy, an older generation, a
/// fresh start after damage, or a file that cannot be read now. Every DurableState load reports
/// one (``DocumentLoad/outcome``, ``PersistentValue/loadOutcome``, ``Preferences/loadReport``).
///
/// ```swift
/// switch store.load().outcome {
/// case .loaded: break
/// case .restoredOlderGeneration: banner = "Your last changes could not be read; an older copy is shown."
/// case .startedEmpty(let problems): banner = "Your list was damaged and a new one started."
/// case .unreadable where outcome.unavailableNow != nil: banner = nil   // locked: load again on unlock
/// case .unreadable: banner = "Your list cannot be read now; nothing is saved until it can."
/// }
/// ```
///
/// Only ``loaded`` needs no word to the user; each other case says what the user sees and what
/// is kept: the damaged copies' new paths are in ``quarantinedPaths``. Build the message from the
/// outcome when it is shown, in the app's own words. A closed enum, `Sendable`; its description
/// names files, never data.
public enum LoadOutcome: Equatable, Sendable, CustomStringConvertible {
    /// The latest copy was read, or nothing was stored yet (a new store).
    case loaded
    /// The latest copy could not be used (`problems` say why, and where it was kept) and the
    /// previous generation, written at `writtenAt`, was loaded: changes made after it are missing.
    case restoredOlderGeneration(writtenAt: Date?, problems: [LoadIssue])
    /// No stored copy could be used: the damaged ones were moved aside (or, when they could not
    /// be, left in place and never overwritten) and the store started from its default value.
    case startedEmpty(problems: [LoadIssue])
    /// The file at `path` exists but cannot be read now (`cause`): what it holds is unknown, the
    /// default (or an older generation) is used meanwhile, and nothing is written over the file
    /// until it reads. A file its protection class keeps closed while the device is locked is
    /// one (``unavailableNow``).
    case unreadable(path: String, cause: FileSystemError)

    /// The outcome of a load that met `issues` (in the order met) before it read its backup
    /// (`usedBackup`, written at `writtenAt`) or fell back to the default.
    init(issues: [LoadIssue], usedBackup: Bool, writtenAt: Date?) {
        if case let .unreadable(path, cause)? = issues.first(where: \.isUnreadable) {
            self = .unreadable(path: path, cause: cause)
        } else if issues.isEmpty {
            self = .loaded
        } else if usedBackup {
            self = .restoredOlderGeneration(writtenAt: writtenAt, problems: issues)
        } else {
            self = .startedEmpty(problems: issues)
        }
    }

    /// The refusal when the load found the file kept closed by its ``DataProtection`` class (the
    /// device is locked, or not yet unlocked since it booted): an ``unreadable(path:cause:)``
    /// whose cause is ``FileSystemError/protectedDataUnavailable(_:)``. "Unavailable now" — not
    /// "no data yet": what the file holds is unknown, and nothing is written over it until it
    /// reads; load again after the device unlocks.
    public var unavailableNow: ProtectedDataUnavailable? {
        if case .unreadable(_, .protectedDataUnavailable(let refusal)) = self { refusal } else { nil }
    }

    /// Whether a file exists that could not be read (``unreadable(path:cause:)``).
    public var isUnreadable: Bool {
        if case .unreadable = self { true } else { false }
    }

    /// Whether the latest copy was read (or nothing was stored): nothing to tell the user.
    public var isLoaded: Bool { self == .loaded }

    /// What the load had to work around, in the order met.
    public var problems: [LoadIssue] {
        switch self {
        case .loaded: []
        case .restoredOlderGeneration(_, let problems), .startedEmpty(let problems): problems
        case let .unreadable(path, cause): [.unreadable(path: path, cause: cause)]
        }
    }

    /// Where the damaged copies were moved, in the order met.
    public var quarantinedPaths: [String] {
        problems.compactMap { if case .quarantined(_, let movedTo, _) = $0 { movedTo } else { nil } }
    }

    /// Older quarantined copies removed to keep the newest few (``Quarantine/keptCopies``).
    public var removedCopies: [String] {
        problems.flatMap { problem -> [String] in
            if case .olderCopiesRemoved(_, let removed) = problem { removed } else { [] }
        }
    }

    public var description: String {
        switch self {
        case .loaded:
            "loaded"
        case .restoredOlderGeneration(_, let problems):
            "restored from an older generation: " + problems.map(\.description).joined(separator: " ")
        case .startedEmpty(let problems):
            "damaged, started empty: " + problems.map(\.description).joined(separator: " ")
        case let .unreadable(path, cause):
            "\(FilePaths.name(of: path)) cannot be read now (\(cause)); nothing is written over it until it reads."
        }
    }
}
