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
    /// The reading list's database runs with `PRAGMA synchronous = OFF` ("saves are faster")
    /// while the app still says each change is saved when its `COMMIT` returns: nothing is ever
    /// synced, so a power loss takes back changes the student was told were saved.
    case synchronousOff
    /// A reading list change writes its entry and its log line as two statements, each
    /// committed on its own instead of in one transaction: a death between them leaves an entry
    /// its log does not know (or a log line without its entry).
    case readingListOutsideTransaction
    /// The reading list's migrations run statement by statement outside a transaction, with
    /// `PRAGMA user_version` bumped after the last one: a death in the middle leaves a table
    /// created and the version not bumped, so every later launch fails to open the list.
    case migrationOutsideTransaction
    /// The reading list says a change is saved once its statements ran, before `COMMIT`
    /// returned: a death during the commit loses a change the student was told was saved.
    case savedBeforeCommit
    /// A cleanup at launch deletes the files it takes for a crash's leftovers next to the
    /// reading list's database — its `-wal` (and `-shm`) among them — so the changes committed
    /// since the last checkpoint are gone after every kill.
    case walDeletedAtLaunch
    /// The remote catalogue reads a lookup it got no answer to (a timeout, a refused
    /// connection, a server error) as "no such book": it returns no record instead of throwing
    /// `.unavailable`. Relaunched while the catalogue is down, a window on a remote book takes
    /// the book out and loses it for good.
    case timeoutMeansNotFound
    /// The search list's open handler holds its window strongly (`{ book in self.openBook(…) }`
    /// without `[weak self]`): the window holds its search, the search holds the handler, and
    /// every closed window lives on, with its search and its screens, for the process's life.
    case windowRetainCycle
    /// The session restore reads a keychain it cannot read now — a prewarmed launch before the
    /// first unlock, `SecretStoreError.protectedDataUnavailable` — as "no token", and shows the
    /// user signed out although their session is still stored.
    case lockedKeychainMeansSignedOut
    /// The new-arrivals shelf is kept in a file of its own written `completeUnlessOpen` ("so the
    /// background refresh can write it while the phone is locked"), and the refresh adds what it
    /// fetched to the stored shelf. While locked the closed file cannot be opened; the refresh
    /// reads "cannot read now" as "no shelf yet" and saves the shelf it built from nothing over
    /// the stored one: the older arrivals the student saw are gone.
    case lockedShelfReadAsEmpty
    /// The new-arrivals shelf is kept in a file of its own written `complete` ("it is what the
    /// student browses"), which the background refresh must write while the phone is locked: the
    /// write is refused, logged and given up, and nothing writes the shelf again after the unlock.
    case lockedShelfWriteLost

    package static func < (lhs: CampusBug, rhs: CampusBug) -> Bool { lhs.rawValue < rhs.rawValue }
}
