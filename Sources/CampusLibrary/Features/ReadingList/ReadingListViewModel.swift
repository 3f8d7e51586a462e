import Lifecycle
import Observation

/// The reading list screen of one window: the shared ``ReadingList`` and this window's
/// highlighted row, whose book the student moves to its next status or takes off the list.
///
/// Created by its ``WindowModel`` when the screen is pushed (screen lifetime); lives on the main
/// actor.
@Observable
@MainActor
public final class ReadingListViewModel {
    /// The shared reading list.
    public let readingList: ReadingList
    /// The highlighted row.
    public private(set) var highlightedIndex = 0

    /// Creates the screen's model.
    public init(readingList: ReadingList) {
        self.readingList = readingList
    }

    /// The books on the list.
    public var entries: [ReadingListEntry] { readingList.entries }

    /// Moves the highlight by `delta` rows, clamped.
    public func moveHighlight(by delta: Int) {
        guard !entries.isEmpty else { return }
        highlightedIndex = min(max(highlightedIndex + delta, 0), entries.count - 1)
    }

    /// The highlighted entry, if any.
    public var highlightedEntry: ReadingListEntry? {
        entries.indices.contains(highlightedIndex) ? entries[highlightedIndex] : entries.last
    }

    /// Moves the highlighted book to its next status (to read → reading → finished).
    public func advanceHighlighted() {
        guard let entry = highlightedEntry else { return }
        readingList.advanceStatus(of: entry.bookID)
    }

    /// Takes the highlighted book off the list.
    public func removeHighlighted() {
        guard let entry = highlightedEntry else { return }
        readingList.remove(entry.bookID)
        highlightedIndex = min(highlightedIndex, max(entries.count - 1, 0))
    }
}
