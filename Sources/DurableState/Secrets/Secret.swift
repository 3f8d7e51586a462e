/// A sensitive value — a token, a password — that can only live in a ``SecretStore``.
///
/// It is deliberately not `Codable`, not `CustomStringConvertible` with its contents, and not
/// `LosslessStringConvertible`: it cannot be encoded into preferences, restoration state or logs
/// by accident (its description is `<secret>`). Read it with ``revealed`` at the one place that
/// needs the raw value. A `Sendable` value.
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    private let value: String

    /// Wraps a sensitive string.
    public init(_ value: String) {
        self.value = value
    }

    /// The raw value. Use it only where it leaves the process for its owner (an HTTP header).
    public var revealed: String { value }

    public var description: String { "<secret>" }
    public var debugDescription: String { "<secret>" }
    /// An empty mirror: `dump`, debuggers' summaries and reflection-based encoders see no value.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
