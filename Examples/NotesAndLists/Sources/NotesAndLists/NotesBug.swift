/// Bugs that can be planted in Notes and Lists to see its simulation test find them. A value.
public enum NotesBug: String, CaseIterable, Sendable, Comparable {
    /// The list screen keeps the draft it shows and hands it to its `PersistentValue` only when
    /// the window enters the background: a kill while the window is merely inactive (a call, the
    /// app switcher) loses what the user typed, though the lesson's rule says it was saved.
    case draftSavedOnlyOnBackground
    /// Adding an item clears the draft and saves that at once, and stores the item after: for a
    /// moment the typed text is in no file, and a crash then loses it (the simulator sees the
    /// order of the saves, no crash needed).
    case draftClearedBeforeItemSaved
    /// A window saves the list it has open only when it disconnects, not when it enters the
    /// background: iOS may end the process in the background without a word, and the window
    /// reopens on the lists.
    case windowStateSavedOnlyOnDisconnect

    /// Ordered by name.
    public static func < (lhs: NotesBug, rhs: NotesBug) -> Bool { lhs.rawValue < rhs.rawValue }
}
