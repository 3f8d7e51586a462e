import Foundation

/// One book on the student's reading list: which book (with its title as it was when added, so
/// the list reads without the catalogue), where the student stands with it and since when. A
/// `Sendable` value.
public struct ReadingListEntry: Hashable, Sendable, Identifiable {
    /// The book's identifier.
    public var bookID: BookID
    /// The book's title when it was added.
    public var title: String
    /// Where the student stands with it.
    public var status: ReadingStatus
    /// When the status was last set.
    public var since: Date

    /// Creates an entry.
    public init(bookID: BookID, title: String, status: ReadingStatus, since: Date) {
        self.bookID = bookID
        self.title = title
        self.status = status
        self.since = since
    }

    /// The book's identifier.
    public var id: BookID { bookID }
}
