/// The stable identifier of a book in the catalogue: a slug such as `austen-pride-prejudice`, a
/// synthetic `syn-0004711` or an Open Library work key such as `OL45883W`.
///
/// Identifiers arrive from untrusted places (restored windows, deep links, a remote catalogue), so
/// the initializer validates them: 1–80 ASCII letters, digits, `-`, `_` or `.`, not starting with
/// `.`. A valid identifier is therefore also a safe file name. A `Sendable` value.
public struct BookID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The identifier's text.
    public let rawValue: String

    /// Validates `rawValue`; `nil` when it is not a well-formed identifier.
    public init?(_ rawValue: String) {
        guard Self.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Wraps text the app itself generated in a valid form (synthetic records, database rows
    /// written through the validating initializer).
    init(validated rawValue: String) {
        assert(Self.isValid(rawValue), "BookID(validated:) was given a malformed identifier")
        self.rawValue = rawValue
    }

    /// Decodes and validates an identifier; a malformed one is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard Self.isValid(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Malformed book identifier")
        }
        rawValue = text
    }

    /// Encodes the identifier's text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Orders identifiers by their text.
    public static func < (lhs: BookID, rhs: BookID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The identifier's text.
    public var description: String { rawValue }

    static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        guard (1...80).contains(bytes.count), bytes.first != UInt8(ascii: ".") else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                true
            default:
                false
            }
        }
    }
}
