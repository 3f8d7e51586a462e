import Foundation

/// A replayable failure, as a JSON file tests can load:
///
/// ```swift
/// let repro = try Repro.load(from: Data(contentsOf: url))
/// let outcome = try await simulator.replay(repro)
/// #expect(outcome.violation?.kind == repro.violation.kind)
/// ```
///
/// A `Codable` value; ``encoded()`` writes it with sorted keys, so the same failure gives the
/// same bytes.
public struct Repro: Codable, Sendable, Hashable {
    /// The file format version.
    public var format = 1
    /// The app's name (``SimulatedApp/name``), which names planted bugs too.
    public var app: String
    /// The seed of the run (the canary secret derives from it).
    public var seed: UInt64
    /// The shrunk schedule.
    public var events: [SimulationEvent]
    /// The violation it reproduces.
    public var violation: Violation

    /// Creates a repro.
    public init(app: String, seed: UInt64, events: [SimulationEvent], violation: Violation) {
        self.app = app
        self.seed = seed
        self.events = events
        self.violation = violation
    }

    /// Decodes a repro file.
    /// - Throws: `DecodingError` if `data` is not a repro file; nothing else happens.
    public static func load(from data: Data) throws -> Repro {
        try JSONDecoder().decode(Repro.self, from: data)
    }

    /// The repro as pretty-printed JSON with sorted keys.
    /// - Throws: `EncodingError` (not expected for these values).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}

extension Simulator {
    /// Replays a repro file's schedule with its seed.
    ///
    /// - Throws: ``ReplayError`` for the first event of the file that cannot happen at its point
    ///   of the run (a hand-edited file, a repro of an older device model); nothing is dropped.
    public func replay(_ repro: Repro) async throws(ReplayError) -> ScheduleOutcome {
        try await replay(repro.events, seed: repro.seed)
    }
}
