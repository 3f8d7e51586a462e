/// The simulator's only source of randomness: xoshiro256** seeded through SplitMix64, with every
/// draw counted (the draws themselves are replayed from the seed on demand).
///
/// ```swift
/// var random = SimulationRandom(seed: 42)
/// let kind = random.int(below: 5)        // the same value on every run with seed 42
/// print(random.drawCount, random.digest)  // what was drawn, for the trace
/// ```
///
/// A value type: copies draw independently from the copied state. Owned by whoever created it
/// (the explorer for schedule generation, a user action for its own choices); `Sendable`.
public struct SimulationRandom: RandomNumberGenerator, Sendable {
    /// The seed this generator started from.
    public let seed: UInt64
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64
    /// How many values were drawn.
    public private(set) var drawCount = 0

    /// Creates a generator whose whole sequence is determined by `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        var mix = seed
        s0 = Self.splitMix(&mix)
        s1 = Self.splitMix(&mix)
        s2 = Self.splitMix(&mix)
        s3 = Self.splitMix(&mix)
    }

    // The draws and their digest are recomputed from the seed when asked (rarely: once per
    // schedule) rather than recorded on every draw: the sequence is determined by the seed, so
    // the first `drawCount` values of a fresh generator are exactly the values drawn.

    /// Every value drawn so far, in order.
    public var draws: [UInt64] {
        var replay = SimulationRandom(seed: seed)
        return (0..<drawCount).map { _ in replay.next() }
    }

    /// FNV-1a digest of every value drawn so far: equal digests mean equal draw sequences.
    public var digest: FNV1a64 {
        var replay = SimulationRandom(seed: seed)
        var digest = FNV1a64()
        for _ in 0..<drawCount { digest.combine(replay.next()) }
        return digest
    }

    /// The next 64 random bits (xoshiro256**), counted.
    public mutating func next() -> UInt64 {
        let result = Self.rotate(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = Self.rotate(s3, 45)
        drawCount += 1
        return result
    }

    /// A uniform integer in `0..<bound` (`bound` > 0), without modulo bias.
    public mutating func int(below bound: Int) -> Int {
        precondition(bound > 0, "SimulationRandom.int(below:) needs a positive bound, got \(bound)")
        let limit = UInt64(bound)
        let threshold = (0 &- limit) % limit
        while true {
            let value = next()
            let (high, low) = value.multipliedFullWidth(by: limit)
            if low >= threshold { return Int(high) }
        }
    }

    /// A uniform integer in `range` (not empty).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(below: range.count)
    }

    /// True with probability `numerator / denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        int(below: denominator) < numerator
    }

    /// One element of a non-empty array.
    public mutating func element<T>(of array: [T]) -> T {
        array[int(below: array.count)]
    }

    /// The index chosen among `weights` with probability proportional to each (all ≥ 0, sum > 0).
    public mutating func weightedIndex(_ weights: [Int]) -> Int {
        let total = weights.reduce(0, +)
        precondition(total > 0, "SimulationRandom.weightedIndex needs a positive total weight")
        var pick = int(below: total)
        for (index, weight) in weights.enumerated() {
            if pick < weight { return index }
            pick -= weight
        }
        return weights.count - 1
    }

    /// SplitMix64: advances `state` and returns a well-mixed value. Used to seed and to derive seeds.
    public static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A seed derived from `seed` and `index` (the seed of the index-th schedule of a run).
    public static func derive(_ seed: UInt64, _ index: UInt64) -> UInt64 {
        var state = seed ^ (index &* 0xD1B5_4A32_D192_ED03)
        return splitMix(&state)
    }

    private static func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}
