import CampusLibrary
import LifecycleSimulator

/// The reading list under the history and the database check.
extension CampusIncarnation {
    static let readingListKey = HistoryKey("reading list")
    /// Where the reading list's database is on the device.
    static let readingListPath = dataDirectory + "/" + ReadingListStore.fileName

    /// The reading list as the history sees it: each book's identifier and status, in order
    /// (`nil` when empty).
    static func shown(_ entries: [ReadingListEntry]) -> String? {
        entries.isEmpty ? nil : entries.map { "\($0.bookID.rawValue):\($0.status.rawValue)" }.joined(separator: ",")
    }

    /// Records the reading list's changes as it writes them: the list a change will make is the
    /// student's edit (recorded before the write, so a death during it leaves the edit
    /// indeterminate), acknowledged when the list says it is saved; a change the database
    /// refused is undone, which is the app's own edit back to the list it kept.
    static func recordSaves(of readingList: ReadingList, into history: HistoryRecorder) {
        readingList.onSave = { event in
            switch event {
            case .writing(let list): history.edit(readingListKey, value: shown(list))
            case .saved(let list): history.acknowledge(readingListKey, value: shown(list))
            case .failed(let kept): history.edit(readingListKey, value: shown(kept))
            }
        }
    }

    /// The reading list's database as the simulator checks it after every death: intact, opened
    /// by the app's own migrations (with `bugs` planted), every entry agreeing with its log.
    static func databaseChecks(bugs: Set<CampusBug>) -> [DatabaseCheck] {
        [
            DatabaseCheck(name: "reading list", path: readingListPath, open: { database in
                try ReadingListStore.prepare(database, bugs: bugs)
            }, consistency: ReadingListStore.consistencyQueries),
        ]
    }
}
