/// One line of the borrowing basket as shown: the identifier (the only thing stored) and the record
/// it resolves to in the catalogue. A `Sendable` value.
public struct BasketItem: Hashable, Sendable, Identifiable {
    /// The book's record, from the catalogue.
    public var book: Book

    /// Creates an item for `book`.
    public init(book: Book) {
        self.book = book
    }

    /// The book's identifier: the only part of an item that is saved.
    public var id: BookID { book.id }
}
