/// A screen a window can navigate to, above its root search screen. Routes hold identifiers only,
/// so a window's navigation is a small `Codable` value that can be restored (and validated).
public enum AppRoute: Hashable, Codable, Sendable, CustomStringConvertible {
    /// A book's record.
    case book(BookID)
    /// The note editor for a book.
    case notes(BookID)
    /// The borrowing basket.
    case basket
    /// The student's reading list.
    case readingList
    /// Sign-in, account and privacy settings.
    case profile

    /// The book this route refers to, if any.
    public var bookID: BookID? {
        switch self {
        case .book(let id), .notes(let id): id
        case .basket, .readingList, .profile: nil
        }
    }

    /// A short name for headers and logs (no user data).
    public var description: String {
        switch self {
        case .book: "book"
        case .notes: "notes"
        case .basket: "basket"
        case .readingList: "reading list"
        case .profile: "profile"
        }
    }
}
