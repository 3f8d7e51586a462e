/// Turns what a student types into an FTS5 query: each word becomes a quoted prefix term, all of
/// them required. Quotes and operators in the input are never interpreted, so no input can make
/// the query malformed. A namespace; pure functions.
public enum FullTextQuery {
    /// The FTS5 expression for `text`, or `nil` when it contains no word.
    public static func expression(for text: String) -> String? {
        let words = words(in: text)
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " ")
    }

    /// The words of a query: the first 8 ``tokens(in:)``.
    public static func words(in text: String) -> [String] {
        Array(tokens(in: text).prefix(8))
    }

    /// The tokens of `text`: maximal runs of letters and digits, lowercased.
    public static func tokens(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
