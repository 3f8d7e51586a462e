/// The part of an Open Library `search.json` response the app reads:
/// `{"numFound": …, "docs": [{"key", "title", "author_name", "first_publish_year", "subject"}]}`.
/// A `Decodable` value.
struct OpenLibrarySearchResponse: Decodable, Sendable {
    struct Document: Decodable, Sendable {
        var key: String
        var title: String?
        var authorName: [String]?
        var firstPublishYear: Int?
        var subject: [String]?

        enum CodingKeys: String, CodingKey {
            case key, title, subject
            case authorName = "author_name"
            case firstPublishYear = "first_publish_year"
        }

        /// The record, or `nil` when the key is not a usable identifier or the title is missing.
        var book: Book? {
            guard let title, let last = key.split(separator: "/").last, let id = BookID(String(last)) else { return nil }
            return Book(
                id: id, title: title, authors: authorName ?? [], year: firstPublishYear,
                subjects: Array((subject ?? []).prefix(4))
            )
        }
    }

    var numFound: Int?
    var docs: [Document]
}
