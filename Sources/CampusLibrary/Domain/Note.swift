import Foundation

/// A student's note on one book: the durable user data the app must never lose. A `Sendable` value.
public struct Note: Hashable, Codable, Sendable {
    /// The book the note is about.
    public var bookID: BookID
    /// The note's text.
    public var text: String
    /// When the text was last saved (the environment clock's wall date).
    public var updatedAt: Date

    /// Creates a note.
    public init(bookID: BookID, text: String, updatedAt: Date) {
        self.bookID = bookID
        self.text = text
        self.updatedAt = updatedAt
    }
}
