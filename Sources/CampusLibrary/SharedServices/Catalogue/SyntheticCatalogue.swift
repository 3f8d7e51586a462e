/// A deterministic generator of plausible synthetic book records, for benchmarks and load tests
/// (`syn-0000001` …). The same seed always yields the same records. A `Sendable` value.
public struct SyntheticCatalogue: Sendable {
    /// The seed of the generator.
    public var seed: UInt64

    /// Creates a generator.
    public init(seed: UInt64 = 0x5EED_CA7A_1060) {
        self.seed = seed
    }

    /// `count` records with identifiers `syn-0000001` to `syn-<count>`.
    public func books(count: Int) -> [Book] {
        var generator = SplitMix64(seed: seed)
        var books: [Book] = []
        books.reserveCapacity(count)
        for index in stride(from: 1, through: count, by: 1) {
            books.append(book(number: index, generator: &generator))
        }
        return books
    }

    private func book(number: Int, generator: inout SplitMix64) -> Book {
        func pick(_ words: [String]) -> String { words[Int(generator.next() % UInt64(words.count))] }
        let title: String
        switch generator.next() % 4 {
        case 0: title = "The \(pick(Self.adjectives)) \(pick(Self.nouns))"
        case 1: title = "\(pick(Self.nouns)) of \(pick(Self.places))"
        case 2: title = "A \(pick(Self.adjectives)) \(pick(Self.nouns)) in \(pick(Self.places))"
        default: title = "\(pick(Self.nouns)) and \(pick(Self.nouns))"
        }
        let authorCount = generator.next() % 5 == 0 ? 2 : 1
        let authors = (0..<authorCount).map { _ in "\(pick(Self.firstNames)) \(pick(Self.lastNames))" }
        let subjectCount = 2 + Int(generator.next() % 3)
        var subjects: [String] = []
        while subjects.count < subjectCount {
            let subject = pick(Self.subjects)
            if !subjects.contains(subject) { subjects.append(subject) }
        }
        let digits = String(number)
        let id = BookID(validated: "syn-" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits)
        return Book(
            id: id, title: title, authors: authors, year: 1500 + Int(generator.next() % 426), subjects: subjects
        )
    }

    static let adjectives = [
        "Silent", "Crimson", "Hidden", "Last", "Forgotten", "Golden", "Distant", "Quiet", "Burning", "Winter",
        "Restless", "Iron", "Secret", "Wandering", "Lonely", "Bright", "Broken", "Northern", "Ancient", "Gentle",
    ]
    static let nouns = [
        "Harbour", "Garden", "Voyage", "Letters", "Orchard", "Kingdom", "River", "Lighthouse", "Cathedral", "Mill",
        "Inheritance", "Manuscript", "Compass", "Observatory", "Archive", "Meadow", "Frontier", "Chronicle",
        "Reckoning", "Almanac",
    ]
    static let places = [
        "Wessex", "Lisbon", "Kraków", "the Marshes", "Samarkand", "the Highlands", "Venice", "Cape Horn", "Bohemia",
        "the Steppe", "Alexandria", "Zanzibar", "Yorkshire", "Provence", "the Fens",
    ]
    static let firstNames = [
        "Ada", "Thomas", "Eliza", "Henry", "Margaret", "Samuel", "Clara", "Edmund", "Harriet", "Walter", "Ivan",
        "Sofia", "Pierre", "Amalia", "Jonas", "Rosa", "Konrad", "Leila", "Tomás", "Agnes",
    ]
    static let lastNames = [
        "Whitcombe", "Ashdown", "Feld", "Marchetti", "Oyelaran", "Lindqvist", "Harrow", "Castellanos", "Brandt",
        "Okafor", "Villiers", "Novak", "Thornbury", "Delacroix", "Haldane", "Ibarra", "Kowalczyk", "Penhallow",
    ]
    static let subjects = [
        "Sea stories", "Historical fiction", "Love stories", "Travel", "Poetry", "Natural history", "Philosophy",
        "Detective and mystery stories", "Science fiction", "Biography", "Essays", "Folklore", "Economics",
        "Political science", "Adventure stories", "Domestic fiction", "Short stories", "Gothic fiction",
        "Children's stories", "Astronomy",
    ]
}

/// SplitMix64: a tiny, fast, seedable generator; deterministic across platforms. A `Sendable` value.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
