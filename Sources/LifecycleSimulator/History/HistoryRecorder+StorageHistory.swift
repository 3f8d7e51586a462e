import DurableState

/// The recorder as DurableState's `StorageHistory`: what the incarnation's file system answers
/// the storage primitives, so that a `PersistentValue`, a document, preferences, the restoration
/// store and `Database` writes record their edits and acknowledgements themselves.
extension HistoryRecorder: StorageHistory {
    /// Records an edit of the value named `key` (``edit(_:value:durability:)``).
    public func edit(_ key: HistoryName, text: String?, durability: HistoryDurability) {
        edit(HistoryKey(key), value: text, durability: Durability(durability))
    }

    /// Records an edit of the value named `key`, unless `text` is already its newest value (the
    /// screen reported the user's edit before the app saved it).
    public func willSave(_ key: HistoryName, text: String?, durability: HistoryDurability) {
        guard isAlive else { return }
        let historyKey = HistoryKey(key)
        if let newest = history.newestValue(of: historyKey), newest == history.normalized(text, of: historyKey) { return }
        edit(historyKey, value: text, durability: Durability(durability))
    }

    /// Acknowledges `text` of the value named `key` (``acknowledge(_:value:)``).
    public func didSave(_ key: HistoryName, text: String?) {
        acknowledge(HistoryKey(key), value: text)
    }

    /// The save of `text` of the value named `key` failed and left it as it was
    /// (``saveFailed(_:value:)``).
    public func didFailToSave(_ key: HistoryName, text: String?) {
        saveFailed(HistoryKey(key), value: text)
    }

    /// Checks `text`, which the storage of the value named `key` held when the app read it,
    /// against the history, unless this incarnation already edited the value.
    public func didLoad(_ key: HistoryName, text: String?) {
        checkLoaded(HistoryKey(key), text: text)
    }

    /// Records the text the value named `key` shows when nothing is stored.
    public func setDefault(_ key: HistoryName, text: String?) {
        guard isAlive else { return }
        history.setDefault(text, for: HistoryKey(key))
    }
}
