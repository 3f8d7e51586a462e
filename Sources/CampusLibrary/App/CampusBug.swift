/// A lifecycle bug that can be planted in Campus Library to show that the simulator finds it in a
/// real app, not only in its small example. Off unless a host puts it in
/// ``AppEnvironment/plantedBugs``; the terminal app never does. A `Sendable` value.
package enum CampusBug: String, CaseIterable, Codable, Sendable, Comparable {
    /// A window that resigns active or goes to the background does not flush the debounced note
    /// draft, so a kill in the quiet interval loses what the editor showed as typed.
    case noFlushOnInactive
    /// The background refresh of new arrivals retries a failed fetch with `try?`, so the
    /// cancellation its expiration brings counts as three failures at once, and then stores the
    /// empty shelf it was left with: a write after the task's background time ended.
    case workAfterExpiration
    /// Notes are written over their own file and synced, instead of through the durable replace
    /// recipe: a power loss during the write tears the saved note.
    case noteWrittenInPlace
    /// The note editor's view model keeps what is typed to itself and hands it to the draft only
    /// in its deinit, when the editor is closed: a kill while it is open loses the text.
    case noteEditorSavesInDeinit
    /// The search list forgets the window's selection whenever its results are loaded again (a
    /// list that resets its state on re-render): what the student picked silently disappears.
    case listForgetsSelection
    /// One search model (query, results, selection) serves every window, as an
    /// application-lifetime object would: what one window searches or selects shows in all.
    case sharedSearchModel
    /// The remote catalogue reads a lookup it got no answer to (a timeout, a refused
    /// connection, a server error) as "no such book": it returns no record instead of throwing
    /// `.unavailable`. Relaunched while the catalogue is down, a window on a remote book takes
    /// the book out and loses it for good.
    case timeoutMeansNotFound

    package static func < (lhs: CampusBug, rhs: CampusBug) -> Bool { lhs.rawValue < rhs.rawValue }
}
