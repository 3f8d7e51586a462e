/// The classic lifecycle bugs of SIMULATION.md, and bugs of the kinds the device's fidelity
/// exposes (work after background time, a file written in place, state that lives only in a
/// screen), each of which can be planted in the ``LibraryExample`` app to show that the simulator
/// finds it. A `Codable` value.
public enum PlantedBug: String, CaseIterable, Codable, Sendable, Comparable {
    /// Notes are saved only in `willTerminate`, which a kill never sends.
    case saveOnlyAtTermination
    /// One process-wide object holds the selection, so every window shows the last one's.
    case sharedSelectionSingleton
    /// The debounced note save is never flushed when the scene goes inactive or background.
    case noFlushOnInactive
    /// A flush writes the in-memory note before the stored one has loaded (empty overwrites saved).
    case writeBeforeHydration
    /// The basket hydrates before the catalogue has loaded (before the `async let` that loads it is
    /// awaited), so every line is priced at zero.
    case basketBeforeCatalogue
    /// A restored selection is applied without checking the book still exists.
    case unvalidatedRestoration
    /// The sign-in token is also kept in the preferences file.
    case tokenInPreferences
    /// Book details load in work that outlives its scene (a `Task {}` nobody cancels, or the
    /// application's scope) and are applied after the scene disconnected.
    case applyAfterDisconnect
    /// The basket sync holds the database lock across its network wait, into suspension.
    case lockHeldIntoSuspension
    /// The background refresh swallows the cancellation its expiration brings (`try?` around each
    /// page's download, in the task group that downloads them) and keeps writing pages after the
    /// task was completed.
    case writesAfterExpiration
    /// A note is written in place (the file itself overwritten, then synced) instead of through
    /// the durable replace recipe: a power loss during the write tears the saved note.
    case noteWrittenInPlace
    /// The basket, whose store promises only to survive a kill (its key's `StorePromise` is
    /// `survivesKill`: written, never synced), is saved by writing its file in place — opened
    /// with truncation, then written — instead of through a temporary file and a rename: a kill
    /// between the truncation and the write, or in the middle of a long write, leaves the file
    /// empty or partial (what the page cache held), read at the next launch as an empty basket.
    case basketWrittenInPlace
    /// The note editor keeps what is typed and hands it to the note only in its deinit, when the
    /// user closes it or the window goes away: a kill while it is open loses the text.
    case editorSavesOnlyInDeinit
    /// The book list keeps the selected book's row, not the book, and scrolls to that row when
    /// the window resigns active: after a deletion the row is past the end (a trap, `Index out of
    /// range`, in the list's view model `ExampleListScroller`).
    case staleSelectionRow
    /// The restored window's header force-unwraps the restored book's price: a book deleted since
    /// (or a payload naming one) traps (`Unexpectedly found nil while unwrapping an Optional`).
    case restoredBookForceUnwrapped
    /// The basket's writer acknowledges a save before the store's write (a callback from a global
    /// dispatch queue, awaited through a checked continuation) is done: a kill in between loses
    /// the acknowledged basket, and the continuation is never resumed. Ordinary style only.
    case basketAcknowledgedBeforeWrite
    /// The basket's writer task, which takes saves from an `AsyncStream`, ends at the first write
    /// that fails (the disk full): later saves wait in the stream forever. Ordinary style only.
    case basketWriterStopsAtFailure

    public static func < (lhs: PlantedBug, rhs: PlantedBug) -> Bool { lhs.rawValue < rhs.rawValue }
}
