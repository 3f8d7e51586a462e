import DurableState
import Lifecycle

/// A `StorageHistory` that keeps every report as a line, in order: `edit draft@S1 = "x"
/// (durable)`, `will save lists = "a, b" (durable)`, `saved lists = "a, b"`, `default note = nil`, `loaded note = "x"`.
/// For tests of what storage reports to a simulation's history; main actor.
@MainActor
public final class RecordingHistory: StorageHistory {
    /// Every report, in order.
    public private(set) var log: [String] = []

    /// An empty record.
    public init() {}

    public func edit(_ key: HistoryName, text: String?, durability: HistoryDurability) {
        log.append("edit \(key) = \(Self.show(text)) (\(durability))")
    }

    public func willSave(_ key: HistoryName, text: String?, durability: HistoryDurability) {
        log.append("will save \(key) = \(Self.show(text)) (\(durability))")
    }

    public func didSave(_ key: HistoryName, text: String?) {
        log.append("saved \(key) = \(Self.show(text))")
    }

    public func setDefault(_ key: HistoryName, text: String?) {
        log.append("default \(key) = \(Self.show(text))")
    }

    public func didLoad(_ key: HistoryName, text: String?) {
        log.append("loaded \(key) = \(Self.show(text))")
    }

    /// Forgets what was recorded.
    public func clear() { log.removeAll() }

    private static func show(_ text: String?) -> String {
        text.map { "\"\($0)\"" } ?? "nil"
    }
}
