/// Which event kinds one schedule may use, and how often (swarm testing: each seed enables a
/// different subset, so rare interleavings are not drowned by common events).
///
/// A `Codable` value chosen by the explorer from the schedule's seed.
public struct SwarmConfiguration: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Relative weight of each enabled kind; kinds absent or at zero are never generated.
    public var weights: [EventKind: Int] {
        didSet { table = Self.table(of: weights) }
    }
    /// The weights by each kind's ``EventKind/position`` (the generator reads one per offer).
    private var table: [Int]

    /// Creates a configuration with explicit weights.
    public init(weights: [EventKind: Int]) {
        self.weights = weights
        self.table = Self.table(of: weights)
    }

    private static func table(of weights: [EventKind: Int]) -> [Int] {
        var table = [Int](repeating: 0, count: EventKind.allCases.count)
        for (kind, weight) in weights { table[kind.position] = weight }
        return table
    }

    /// Every kind in `kinds` with weight 1.
    public static func uniform(_ kinds: some Sequence<EventKind> = EventKind.allCases) -> SwarmConfiguration {
        SwarmConfiguration(weights: Dictionary(uniqueKeysWithValues: kinds.map { ($0, 1) }))
    }

    /// A random subset of `kinds` (each kept with probability 2/3, ``EventKind/essential`` always)
    /// with random weights from 1 to 8; user actions weigh more so that apps get exercised.
    public static func random(_ random: inout SimulationRandom, kinds: Set<EventKind> = EventKind.all) -> SwarmConfiguration {
        var weights: [EventKind: Int] = [:]
        for kind in EventKind.allCases where kinds.contains(kind) {
            let kept = EventKind.essential.contains(kind) || random.chance(2, in: 3)
            guard kept else { continue }
            let weight = random.int(in: 1...8)
            weights[kind] = kind == .userAction ? weight * 3 : weight
        }
        return SwarmConfiguration(weights: weights)
    }

    /// The weight of `kind` (0 when disabled).
    public func weight(of kind: EventKind) -> Int { table[kind.position] }

    private enum CodingKeys: String, CodingKey { case weights }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(weights: try container.decode([EventKind: Int].self, forKey: .weights))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weights, forKey: .weights)
    }

    public var description: String {
        weights.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)×\($0.value)" }.joined(separator: " ")
    }
}
