import Foundation

/// Marks a type whose values must never be written to preferences, restoration state, documents
/// or logs: tokens, passwords, one-time codes. ``Secret`` conforms.
///
/// ```swift
/// struct OneTimeCode: Codable, SensitiveValue { var digits: String }
/// try preferences.set(code, for: .lastCode)   // throws DurableStoreError.sensitiveValue
/// ```
///
/// ``Secret`` is kept out at compile time (it is not `Codable`). A `Codable` type marked with this
/// protocol is refused at run time: every Lifeline store scans the value (its stored properties,
/// elements and payloads, through `Mirror`) before encoding it and throws
/// ``DurableStoreError/sensitiveValue(type:)``. A marker protocol with no requirements.
public protocol SensitiveValue {}

extension Secret: SensitiveValue {}

/// Finds a ``SensitiveValue`` inside a value by reflection, stopping after a bounded number of
/// nodes (collections of plain values are skipped in one step).
enum SensitiveValueScanner {
    /// Nodes visited at most; what lies beyond is not checked.
    static let nodeLimit = 10_000

    /// The type name of the first sensitive value found in `value`, if any.
    static func firstSensitiveType(in value: Any) -> String? {
        var budget = nodeLimit
        return scan(value, budget: &budget)
    }

    /// Whether every value of `value`'s type is free of sensitive values whatever it holds: a
    /// struct whose stored properties are all plain values (strings, numbers, dates, collections
    /// of those). A `Codable` struct's properties have concrete types, so one value answers for
    /// its type; enums, classes and optionals do not qualify (another value may differ).
    static func typeIsPlain(_ value: Any) -> Bool {
        if value is any PlainStoredValue { return true }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct else { return false }
        return mirror.children.allSatisfy { $0.value is any PlainStoredValue }
    }

    private static func scan(_ value: Any, budget: inout Int) -> String? {
        guard budget > 0 else { return nil }
        budget -= 1
        if value is any PlainStoredValue { return nil }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.flatMap { scan($0.value, budget: &budget) }
        }
        if value is any SensitiveValue { return String(describing: type(of: value)) }
        for child in mirror.children {
            if let found = scan(child.value, budget: &budget) { return found }
            if budget <= 0 { return nil }
        }
        return nil
    }
}

/// Values that cannot contain a ``SensitiveValue``; the scanner skips them without reflecting.
protocol PlainStoredValue {}

extension String: PlainStoredValue {}
extension Substring: PlainStoredValue {}
extension Bool: PlainStoredValue {}
extension Int: PlainStoredValue {}
extension Int8: PlainStoredValue {}
extension Int16: PlainStoredValue {}
extension Int32: PlainStoredValue {}
extension Int64: PlainStoredValue {}
extension UInt: PlainStoredValue {}
extension UInt8: PlainStoredValue {}
extension UInt16: PlainStoredValue {}
extension UInt32: PlainStoredValue {}
extension UInt64: PlainStoredValue {}
extension Double: PlainStoredValue {}
extension Float: PlainStoredValue {}
extension Data: PlainStoredValue {}
extension Date: PlainStoredValue {}
extension UUID: PlainStoredValue {}
extension URL: PlainStoredValue {}
extension Decimal: PlainStoredValue {}
extension Array: PlainStoredValue where Element: PlainStoredValue {}
extension Set: PlainStoredValue where Element: PlainStoredValue {}
extension Optional: PlainStoredValue where Wrapped: PlainStoredValue {}
extension Dictionary: PlainStoredValue where Key: PlainStoredValue, Value: PlainStoredValue {}
