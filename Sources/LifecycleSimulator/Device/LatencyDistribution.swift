/// How long one kind of operation takes on the virtual device: a base time, a uniform spread
/// above it, and now and then a slow tail (a flash controller's garbage collection, a congested
/// network). Times are whole microseconds. A `Codable` value, part of a ``LatencyModel``.
///
/// ```swift
/// let fsync = LatencyDistribution(base: .milliseconds(2), spread: .milliseconds(3),
///                                 slowTailPerMille: 20, slowTail: .milliseconds(150))
/// ```
public struct LatencyDistribution: Hashable, Codable, Sendable {
    /// The shortest time, in microseconds.
    public var baseMicroseconds: Int
    /// A uniform extra of up to this many microseconds.
    public var spreadMicroseconds: Int
    /// How many operations in a thousand take the slow tail.
    public var slowTailPerMille: Int
    /// A slow operation takes up to this many microseconds more (at least half of it).
    public var slowTailMicroseconds: Int

    /// Creates a distribution (negative values count as zero).
    public init(base: Duration, spread: Duration = .zero, slowTailPerMille: Int = 0, slowTail: Duration = .zero) {
        baseMicroseconds = Self.microseconds(base)
        spreadMicroseconds = Self.microseconds(spread)
        self.slowTailPerMille = max(0, min(1_000, slowTailPerMille))
        slowTailMicroseconds = Self.microseconds(slowTail)
    }

    /// An operation that takes no time.
    public static let instant = LatencyDistribution(base: .zero)

    /// Whether every draw is zero (no random draw is spent then).
    public var isInstant: Bool {
        baseMicroseconds == 0 && spreadMicroseconds == 0 && (slowTailPerMille == 0 || slowTailMicroseconds == 0)
    }

    /// One duration, from a single 64-bit draw: its low 32 bits pick the spread, the next 10 the
    /// slow-tail chance, the top 22 the tail's length.
    func draw(_ random: inout SimulationRandom) -> Duration {
        guard !isInstant else { return .zero }
        let bits = random.next()
        var total = baseMicroseconds
        if spreadMicroseconds > 0 { total += Int(bits & 0xFFFF_FFFF) % (spreadMicroseconds + 1) }
        if slowTailPerMille > 0, slowTailMicroseconds > 0, Int((bits >> 32) & 0x3FF) % 1_000 < slowTailPerMille {
            let half = slowTailMicroseconds / 2
            total += half + Int(bits >> 42) % (slowTailMicroseconds - half + 1)
        }
        return .microseconds(total)
    }

    static func microseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(0, Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000))
    }
}
