/// A point on a ``LifelineClock``'s monotonic timeline, measured from the clock's origin.
///
/// ```swift
/// let deadline = clock.now.advanced(by: .seconds(30))
/// ```
///
/// Offsets saturate at ±`Int64.max` seconds (about 292 billion years), so arithmetic on durations
/// that come from outside — a budget, a debounce, a retry delay — never traps. A value type with
/// no owner; `Sendable`. Instants of different clocks are not comparable in meaning, only in value.
/// It is the `Instant` of ``VirtualContinuousClock``, the standard `Clock` face of ``VirtualClock``.
public struct LifelineInstant: InstantProtocol, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Instants are apart by a `Duration`, as `ContinuousClock`'s are.
    public typealias Duration = Swift.Duration

    /// The largest offset an instant holds; larger offsets saturate to it.
    public static let maximumOffset = Duration.seconds(Int64.max)

    /// Time elapsed since the clock's origin; clamped to ±``maximumOffset`` when set.
    public var offset: Duration {
        didSet { offset = Self.clamped(offset) }
    }

    /// Creates the instant `offset` after the clock's origin (clamped to ±``maximumOffset``).
    public init(offset: Duration) {
        self.offset = Self.clamped(offset)
    }

    private static func clamped(_ offset: Duration) -> Duration {
        min(max(offset, .zero - maximumOffset), maximumOffset)
    }

    /// The clock's origin.
    public static let zero = LifelineInstant(offset: .zero)

    /// The instant `duration` later than this one (earlier when negative), saturating at
    /// ±``maximumOffset``.
    public func advanced(by duration: Duration) -> LifelineInstant {
        let limit = Self.maximumOffset
        // `offset` is within ±limit, so both differences below fit in Duration's 128 bits.
        if duration > .zero, duration >= limit - offset { return LifelineInstant(offset: limit) }
        if duration < .zero, duration <= (.zero - limit) - offset { return LifelineInstant(offset: .zero - limit) }
        return LifelineInstant(offset: offset + duration)
    }

    /// The duration from this instant to `other` (negative when `other` is earlier).
    public func duration(to other: LifelineInstant) -> Duration {
        other.offset - offset
    }

    /// Orders instants by offset.
    public static func < (lhs: LifelineInstant, rhs: LifelineInstant) -> Bool {
        lhs.offset < rhs.offset
    }

    /// `t+<milliseconds>ms`.
    public var description: String {
        "t+\(Self.milliseconds(offset))ms"
    }

    /// Whole milliseconds in `duration`, truncated toward zero and saturating at the bounds of
    /// `Int64` (`Duration.components` traps past `Int64.max` seconds).
    static func milliseconds(_ duration: Duration) -> Int64 {
        let limit = Int64.max / 1_000
        if duration >= .seconds(limit) { return limit * 1_000 }
        if duration <= .seconds(-limit) { return -limit * 1_000 }
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
