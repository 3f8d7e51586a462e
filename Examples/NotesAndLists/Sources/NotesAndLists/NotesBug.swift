/// Bugs that can be planted in Notes and Lists to see its simulation test find them. A value.
public enum NotesBug: String, CaseIterable, Sendable, Comparable {
    /// The list screen keeps the draft it shows and hands it to its `PersistentValue` only when
    /// the window enters the background: a kill while the window is merely inactive (a call, the
    /// app switcher) loses what the user typed, though the lesson's rule says it was saved.
    case draftSavedOnlyOnBackground

    /// Ordered by name.
    public static func < (lhs: NotesBug, rhs: NotesBug) -> Bool { lhs.rawValue < rhs.rawValue }
}
