/// A point on a ``LifelineClock``'s monotonic timeline, measured from the clock's origin.
///
/// A value type with no owner; `Sendable`. Instants of different clocks are not comparable in
/// meaning, only in value.
public struct LifelineInstant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Time elapsed since the clock's origin.
    public var offset: Duration

    /// Creates the instant `offset` after the clock's origin.
    public init(offset: Duration) {
        self.offset = offset
    }

    /// The clock's origin.
    public static let zero = LifelineInstant(offset: .zero)

    /// The instant `duration` later than this one.
    public func advanced(by duration: Duration) -> LifelineInstant {
        LifelineInstant(offset: offset + duration)
    }

    /// The duration from this instant to `other` (negative when `other` is earlier).
    public func duration(to other: LifelineInstant) -> Duration {
        other.offset - offset
    }

    public static func < (lhs: LifelineInstant, rhs: LifelineInstant) -> Bool {
        lhs.offset < rhs.offset
    }

    public var description: String {
        let (seconds, attoseconds) = offset.components
        let millis = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        return "t+\(millis)ms"
    }
}
