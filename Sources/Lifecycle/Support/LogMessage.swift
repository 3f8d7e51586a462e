/// A log message whose interpolated values are private unless marked public.
///
/// ```swift
/// logger.error("Could not restore scene \(session.id, privacy: .public): \(error)")
/// // "Could not restore scene 2F3A: <private>"
/// ```
///
/// Literal text is always kept; an interpolated value is replaced by `<private>` unless it is
/// marked `.public`. A value type, `Sendable`.
public struct LogMessage: ExpressibleByStringInterpolation, Sendable, CustomStringConvertible {
    /// Whether an interpolated value may appear in logs.
    public enum Privacy: Sendable {
        /// Shown as is.
        case `public`
        /// Replaced by `<private>`.
        case `private`
    }

    /// Builds a message from literal text and interpolated values.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""

        /// Starts an empty message.
        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity)
        }

        /// Appends literal text, always kept.
        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// Appends `value`, hidden unless `privacy` is `.public`.
        public mutating func appendInterpolation(_ value: some Any, privacy: Privacy = .private) {
            text += privacy == .public ? String(describing: value) : "<private>"
        }
    }

    /// The rendered text, with private values redacted.
    public let description: String

    /// A message made of literal text only.
    public init(stringLiteral value: String) {
        description = value
    }

    /// A message built from literal text and redacted values.
    public init(stringInterpolation: StringInterpolation) {
        description = stringInterpolation.text
    }
}
