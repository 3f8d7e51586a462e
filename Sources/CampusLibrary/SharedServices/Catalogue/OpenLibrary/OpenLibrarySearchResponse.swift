/// The part of an Open Library `search.json` response the app reads:
/// `{"numFound": …, "docs": [{"key", "title", "author_name", "first_publish_year", "subject"}]}`.
///
/// Every field the service adds (there are dozens, and they change from year to year) is
/// ignored. One bad document does not reject the page: a document without `key`, or one that does
/// not decode, is kept as a skipped entry and counted by ``page(limit:)``. A `Decodable` value.
struct OpenLibrarySearchResponse: Decodable, Sendable {
    /// One element of `docs`.
    enum Entry: Decodable, Sendable {
        /// A document with a key.
        case document(Document)
        /// A document without `key` (it cannot be opened again, so it is not shown).
        case withoutKey
        /// A document whose fields have the wrong types.
        case malformed

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Document.CodingKeys.self)
            guard container.contains(.key) else {
                self = .withoutKey
                return
            }
            do {
                self = .document(try Document(from: decoder))
            } catch {
                self = .malformed
            }
        }
    }

    /// A document with a key.
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
    var docs: [Entry]

    /// The records of the page, at most `limit`, and what was left out.
    func page(limit: Int) -> OpenLibraryPage {
        var page = OpenLibraryPage()
        var seen = Set<BookID>()
        for entry in docs {
            switch entry {
            case .withoutKey:
                page.skippedWithoutKey += 1
            case .malformed:
                page.skippedUnusable += 1
            case .document(let document):
                guard let book = document.book, seen.insert(book.id).inserted else {
                    page.skippedUnusable += 1
                    continue
                }
                if page.books.count < limit { page.books.append(book) } else { page.droppedOverLimit += 1 }
            }
        }
        return page
    }
}
