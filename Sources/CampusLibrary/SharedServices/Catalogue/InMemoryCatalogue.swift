import Foundation

/// A catalogue held in memory and searched in Swift, with the same rules as the SQLite one (every
/// word must prefix a word of the title, authors or subjects; case and diacritics ignored; title
/// matches weigh most). For tests and the simulator: no disk, deterministic, instant.
///
/// Created by whoever builds the environment; lives on the main actor.
@MainActor
public final class InMemoryCatalogue: CatalogueService {
    private struct Entry {
        var book: Book
        var title: [String]
        var authors: [String]
        var subjects: [String]
    }

    /// Searches run at once.
    public let searchDebounce: Duration = .zero
    private var entries: [BookID: Entry] = [:]
    /// Identifiers in the order they were added, oldest first.
    private var arrivals: [BookID] = []
    private var isPrepared = false

    /// A catalogue of `books`, the last one the newest arrival.
    public init(books: [Book]) {
        add(books)
    }

    /// A catalogue with the records of `other`, without indexing them again (the simulator builds
    /// one catalogue per process from one template). Not prepared yet.
    public init(copying other: InMemoryCatalogue) {
        entries = other.entries
        arrivals = other.arrivals
    }

    /// Marks the catalogue ready; it needs no loading.
    public func prepare() async throws(CatalogueError) {
        isPrepared = true
    }

    /// Books matching every word of `query` as word prefixes, best first, at most `limit`.
    public func search(_ query: String, limit: Int) async throws(CatalogueError) -> [Book] {
        guard isPrepared else { throw .notLoaded }
        let words = FullTextQuery.words(in: query).map(Self.fold)
        guard !words.isEmpty else { return [] }
        var scored: [(score: Int, entry: Entry)] = []
        for entry in entries.values {
            var score = 0
            for word in words {
                let weight = entry.title.contains { $0.hasPrefix(word) } ? 10
                    : entry.authors.contains { $0.hasPrefix(word) } ? 4
                    : entry.subjects.contains { $0.hasPrefix(word) } ? 1 : 0
                guard weight > 0 else {
                    score = 0
                    break
                }
                score += weight
            }
            if score > 0 { scored.append((score, entry)) }
        }
        return scored
            .sorted { ($0.score, $1.entry.book.title, $1.entry.book.id) > ($1.score, $0.entry.book.title, $0.entry.book.id) }
            .prefix(limit).map(\.entry.book)
    }

    /// The records of `ids` that exist; missing identifiers are absent from the result.
    public func books(_ ids: [BookID]) async throws(CatalogueError) -> [BookID: Book] {
        guard isPrepared else { throw .notLoaded }
        var found: [BookID: Book] = [:]
        for id in ids { found[id] = entries[id]?.book }
        return found
    }

    /// The most recently added books, newest first.
    public func newArrivals(limit: Int) async throws(CatalogueError) -> [Book] {
        guard isPrepared else { throw .notLoaded }
        var newest: [Book] = []
        for id in arrivals.reversed() where newest.count < limit {
            if let entry = entries[id] { newest.append(entry.book) }
        }
        return newest
    }

    /// Adds (or replaces) records; they become the newest arrivals.
    public func add(_ books: [Book]) {
        for book in books {
            if entries[book.id] != nil { arrivals.removeAll { $0 == book.id } }
            arrivals.append(book.id)
            entries[book.id] = Entry(
                book: book, title: Self.words(book.title), authors: book.authors.flatMap(Self.words),
                subjects: book.subjects.flatMap(Self.words)
            )
        }
    }

    /// Removes records (a library withdrawing books).
    public func remove(_ ids: [BookID]) {
        for id in ids { entries[id] = nil }
        arrivals.removeAll { ids.contains($0) }
    }

    /// Nothing to drop: the records are the catalogue.
    public func purgeCaches() {}

    private static func words(_ text: String) -> [String] {
        FullTextQuery.tokens(in: text).map(fold)
    }

    private static func fold(_ word: String) -> String {
        word.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
    }
}
