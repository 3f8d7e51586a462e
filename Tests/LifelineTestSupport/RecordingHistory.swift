import DurableState
import Lifecycle
import LifelineHistory

/// A `StorageHistory` that keeps every report as a line, in order: `edit draft@S1 = "x"
/// (durable)`, `will save lists = "a, b" (durable)`, `saved lists = "a, b"`, `failed to save lists = "a"`, `default note = nil`, `loaded note = "x"`.
/// For tests of what storage reports to a simulation's history; main actor.
@MainActor
public final class RecordingHistory: StorageHistory {
    /// Every report, in order.
    public private(set) var log: [String] = []

    /// An empty record.
    public init() {}

    public func edit(_ key: HistoryKey, text: String?, persistence: Persistence) {
        log.append("edit \(key) = \(Self.show(text)) (\(persistence))")
    }

    public func willSave(_ key: HistoryKey, text: String?, persistence: Persistence) {
        log.append("will save \(key) = \(Self.show(text)) (\(persistence))")
    }

    public func didSave(_ key: HistoryKey, text: String?) {
        log.append("saved \(key) = \(Self.show(text))")
    }

    public func didFailToSave(_ key: HistoryKey, text: String?) {
        log.append("failed to save \(key) = \(Self.show(text))")
    }

    public func setDefault(_ key: HistoryKey, text: String?) {
        log.append("default \(key) = \(Self.show(text))")
    }

    public func didLoad(_ key: HistoryKey, text: String?) {
        log.append("loaded \(key) = \(Self.show(text))")
    }

    /// Forgets what was recorded.
    public func clear() { log.removeAll() }

    private static func show(_ text: String?) -> String {
        text.map { "\"\($0)\"" } ?? "nil"
    }
}
