/// How a stored value appears in a simulation's history and on its screens: one text per value,
/// `nil` for nothing. The primitives and ``VisibleValue/init(_:scene:showing:saysSaved:)`` use the same
/// conversion, so a screen that shows the value it stored shows the text that was recorded.
///
/// ```swift
/// HistoryText.of("milk")            // "milk"
/// HistoryText.of("")                // nil: an empty text shows nothing
/// HistoryText.of(["milk", "eggs"])  // "milk, eggs"
/// HistoryText.of(Optional<Int>.none) // nil
/// ```
///
/// In order: a ``HistoryTextConvertible`` value gives its own text; `nil` is nothing; a string
/// is itself, nothing when empty; a collection is its elements' texts joined by `, ` (in their
/// order when it has one, sorted for sets and dictionaries), nothing when empty; a
/// `RawRepresentable` value is its raw value's text; anything else is its description. Conform a
/// value whose description is not stable from run to run (one holding a dictionary inside a
/// struct, a date) to ``HistoryTextConvertible``. Only computed when a simulation asks. A
/// namespace.
public enum HistoryText {
    /// The text of `value`.
    public static func of<Value>(_ value: Value) -> String? {
        text(of: value)
    }

    private static func text(of value: Any) -> String? {
        if let convertible = value as? any HistoryTextConvertible { return convertible.historyText }
        if let optional = value as? any OptionalHistoryValue { return optional.wrappedAny.flatMap(text(of:)) }
        if let string = value as? String { return string.isEmpty ? nil : string }
        if let ordered = value as? any BidirectionalCollection { return joined(Array(ordered.map { $0 as Any }), sorted: false) }
        if let unordered = value as? any Collection { return joined(Array(unordered.map { $0 as Any }), sorted: true) }
        if let raw = value as? any RawRepresentable { return text(of: raw.rawValue as Any) }
        return String(describing: value)
    }

    private static func joined(_ elements: [Any], sorted: Bool) -> String? {
        guard !elements.isEmpty else { return nil }
        var texts = elements.map { text(of: $0) ?? "nil" }
        if sorted { texts.sort() }
        return texts.joined(separator: ", ")
    }
}

/// A value that says itself how it appears in a simulation's history (``HistoryText``).
///
/// ```swift
/// extension Basket: HistoryTextConvertible {
///     var historyText: String? { lines.isEmpty ? nil : lines.map(\.id).joined(separator: ",") }
/// }
/// ```
public protocol HistoryTextConvertible {
    /// The value's text; `nil` for nothing (an empty value).
    var historyText: String? { get }
}

/// `Optional` seen through an existential, so that ``HistoryText`` can unwrap it.
private protocol OptionalHistoryValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalHistoryValue {
    fileprivate var wrappedAny: Any? { map { $0 as Any } }
}
