/// A typed key of ``Preferences``, with the value used when nothing (or nothing decodable) is
/// stored.
///
/// ```swift
/// extension PreferenceKey where Value == Bool {
///     static let showsCovers = PreferenceKey("showsCovers", default: true)
/// }
/// let shows = preferences[.showsCovers]
/// ```
///
/// `Value` must be `Codable`, which keeps ``Secret`` out at compile time; a `Codable` value marked
/// ``SensitiveValue`` is refused at run time. A value, `Sendable`; apps declare keys as statics.
public struct PreferenceKey<Value: Codable & Sendable>: Sendable {
    /// The name the value is stored under.
    public let name: String
    /// The value read when none is stored or the stored one does not decode.
    public let defaultValue: Value

    /// Creates a key.
    public init(_ name: String, default defaultValue: Value) {
        self.name = name
        self.defaultValue = defaultValue
    }
}
