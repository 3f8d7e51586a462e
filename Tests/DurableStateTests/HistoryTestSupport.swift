import DurableState
import Lifecycle

/// A `StorageHistory` that keeps every report as a line, in order: `edit draft@S1 = "x"
/// (durable)`, `will save lists = "a, b" (durable)`, `saved lists = "a, b"`, `default note = nil`.
@MainActor
final class RecordingHistory: StorageHistory {
    private(set) var log: [String] = []

    func edit(_ key: HistoryName, text: String?, durability: HistoryDurability) {
        log.append("edit \(key) = \(Self.show(text)) (\(durability))")
    }

    func willSave(_ key: HistoryName, text: String?, durability: HistoryDurability) {
        log.append("will save \(key) = \(Self.show(text)) (\(durability))")
    }

    func didSave(_ key: HistoryName, text: String?) {
        log.append("saved \(key) = \(Self.show(text))")
    }

    func setDefault(_ key: HistoryName, text: String?) {
        log.append("default \(key) = \(Self.show(text))")
    }

    func clear() { log.removeAll() }

    private static func show(_ text: String?) -> String {
        text.map { "\"\($0)\"" } ?? "nil"
    }
}
