/// The identifier of a borrowing basket record on the account service. Created by the service the
/// first time a non-empty basket is saved; a `Sendable` value.
public struct BasketID: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The identifier's text.
    public let rawValue: String

    /// Wraps an identifier issued by the service.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The identifier's text.
    public var description: String { rawValue }
}
