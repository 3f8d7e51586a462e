/// What a storage primitive tells a simulation's history, one implementation for all of them:
/// the value's texts under the primitive's name (one per field of a ``HistoryFields`` value, in
/// the scene of the name), each call a `nil` check when there is no history (a real device).
///
/// A value owned by its primitive; used on the main actor.
package struct HistoryReporter {
    /// Where the reports go; `nil` outside a simulation or with ``HistoryRecording/off``.
    package let history: (any StorageHistory)?
    /// The name of the value (of each field's scene, for a ``HistoryFields`` value).
    package let key: HistoryKey
    package let persistence: Persistence

    /// A reporter of the value `key` with `persistence`, reporting to `history` (`nil`: nowhere).
    package init(history: (any StorageHistory)?, key: HistoryKey, persistence: Persistence) {
        self.history = history
        self.key = key
        self.persistence = persistence
    }

    /// A reporter that reports nothing.
    package static var none: HistoryReporter { HistoryReporter(history: nil, key: "", persistence: .durable) }

    /// Whether reports go anywhere.
    package var isReporting: Bool { history != nil }

    /// The user (or the app) set the value to `value`.
    @MainActor
    package func edit<Value>(_ value: Value) {
        guard let history else { return }
        for (key, text) in entries(of: value) { history.edit(key, text: text, persistence: persistence) }
    }

    /// `value` is about to be written.
    @MainActor
    package func willSave<Value>(_ value: Value) {
        guard let history else { return }
        for (key, text) in entries(of: value) { history.willSave(key, text: text, persistence: persistence) }
    }

    /// `value` is saved.
    @MainActor
    package func didSave<Value>(_ value: Value) {
        guard let history else { return }
        for (key, text) in entries(of: value) { history.didSave(key, text: text) }
    }

    /// The save of `value` failed and left the stored value as it was.
    @MainActor
    package func didFailToSave<Value>(_ value: Value) {
        guard let history else { return }
        for (key, text) in entries(of: value) { history.didFailToSave(key, text: text) }
    }

    /// `value` is what the storage held when the value was read.
    @MainActor
    package func didLoad<Value>(_ value: Value) {
        guard let history else { return }
        for (key, text) in entries(of: value) { history.didLoad(key, text: text) }
    }

    /// `value` is what the value shows when nothing is stored (a default of nothing is not
    /// reported: it is what the history assumes).
    @MainActor
    package func setDefault<Value>(_ value: Value) {
        guard let history else { return }
        for (key, text) in entries(of: value) where text != nil { history.setDefault(key, text: text) }
    }

    /// The same reporter for the value named `name` (one of a primitive's several values).
    package func named(_ key: HistoryKey) -> HistoryReporter {
        HistoryReporter(history: history, key: key, persistence: persistence)
    }

    private func entries<Value>(of value: Value) -> [(HistoryKey, String?)] {
        guard let fields = value as? any HistoryFields else { return [(key, HistoryText.of(value))] }
        return fields.historyFields.map { (HistoryKey($0.name, scene: key.scene), $0.text) }
    }
}
