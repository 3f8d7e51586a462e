/// A book record of the catalogue: what every feature shows about a book. Free of storage and UI
/// types; a `Sendable` value.
public struct Book: Hashable, Codable, Sendable, Identifiable {
    /// The book's identifier.
    public var id: BookID
    /// The title as published.
    public var title: String
    /// Authors (and, for translations, the translator), in credit order.
    public var authors: [String]
    /// Year of first publication (of this edition, for translations), if known.
    public var year: Int?
    /// Library subject headings, most specific first.
    public var subjects: [String]

    /// Creates a book record.
    public init(id: BookID, title: String, authors: [String], year: Int?, subjects: [String]) {
        self.id = id
        self.title = title
        self.authors = authors
        self.year = year
        self.subjects = subjects
    }

    /// "Title — Author, Author (year)", for one-line lists.
    public var byline: String {
        var text = title
        if !authors.isEmpty { text += " — " + authors.joined(separator: ", ") }
        if let year { text += " (\(year))" }
        return text
    }
}
