/// What a storage primitive tells a simulation's history, one implementation for all of them:
/// the value's texts under the primitive's name (one per field of a ``HistoryFields`` value, in
/// the scene of the name), each call a `nil` check when there is no history (a real device).
///
/// A value owned by its primitive; used on the main actor.
struct HistoryReporter {
    /// Where the reports go; `nil` outside a simulation or with ``HistoryRecording/off``.
    let history: (any StorageHistory)?
    /// The name of the value (of each field's scene, for a ``HistoryFields`` value).
    let name: HistoryName
    let durability: HistoryDurability

    /// A reporter that reports nothing.
    static var none: HistoryReporter { HistoryReporter(history: nil, name: "", durability: .durable) }

    /// Whether reports go anywhere.
    var isReporting: Bool { history != nil }

    /// The user (or the app) set the value to `value`.
    @MainActor
    func edit<Value>(_ value: Value) {
        guard let history else { return }
        for (key, text) in entries(of: value) { history.edit(key, text: text, durability: durability) }
    }

    /// `value` is about to be written.
    @MainActor
    func willSave<Value>(_ value: Value) {
        guard let history else { return }
        for (key, text) in entries(of: value) { history.willSave(key, text: text, durability: durability) }
    }

    /// `value` is saved.
    @MainActor
    func didSave<Value>(_ value: Value) {
        guard let history else { return }
        for (key, text) in entries(of: value) { history.didSave(key, text: text) }
    }

    /// The save of `value` failed and left the stored value as it was.
    @MainActor
    func didFailToSave<Value>(_ value: Value) {
        guard let history else { return }
        for (key, text) in entries(of: value) { history.didFailToSave(key, text: text) }
    }

    /// `value` is what the storage held when the value was read.
    @MainActor
    func didLoad<Value>(_ value: Value) {
        guard let history else { return }
        for (key, text) in entries(of: value) { history.didLoad(key, text: text) }
    }

    /// `value` is what the value shows when nothing is stored (a default of nothing is not
    /// reported: it is what the history assumes).
    @MainActor
    func setDefault<Value>(_ value: Value) {
        guard let history else { return }
        for (key, text) in entries(of: value) where text != nil { history.setDefault(key, text: text) }
    }

    /// The same reporter for the value named `name` (one of a primitive's several values).
    func named(_ name: HistoryName) -> HistoryReporter {
        HistoryReporter(history: history, name: name, durability: durability)
    }

    private func entries<Value>(of value: Value) -> [(HistoryName, String?)] {
        guard let fields = value as? any HistoryFields else { return [(name, HistoryText.of(value))] }
        return fields.historyFields.map { (HistoryName($0.name, scene: name.scene), $0.text) }
    }
}
