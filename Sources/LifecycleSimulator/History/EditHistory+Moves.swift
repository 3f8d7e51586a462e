import LifelineHistory
/// The order of a move: what the user typed into one value and the app moves into another (a
/// draft that becomes an item, a message composed then queued, a basket that becomes an order)
/// must be saved in its new place before its removal from the old one is saved. Otherwise there
/// is a moment when neither holds it durably, and a crash then loses it although each store
/// kept its own promise.
///
/// The history sees such a move without knowing the app: the app (not the user) saves a
/// durable value without the text the user's last edit of it held, and then or later a value of
/// another key, saved by the app, holds that text (whole, or as one of its elements). A text
/// the user's edit removed, or one that no other key ever receives (a discarded draft), is not
/// a move.
extension EditHistory {
    /// A text of the user's that the app saved away from `key` at `step`, with no other key
    /// holding it durably then.
    struct RemovedUserText {
        var text: String
        var key: HistoryKey
        var incarnation: Int
        var step: Int
    }

    /// How many removed texts are remembered (the oldest are forgotten first).
    static let removedTextLimit = 8

    /// The text of the user's that the acknowledgement of the durable `key` just made, of an
    /// edit the app made in `incarnation`, removed from it: the value of the user's newest edit
    /// of `key` in that incarnation after the version acknowledged before (`previous`), if the
    /// acknowledged value does not hold it.
    func userTextRemoved(from key: HistoryKey, previous: Int, incarnation: Int) -> String? {
        guard let entry = entries[key], entry.persistence == .durable,
              let acknowledged = entry.acknowledged, acknowledged > previous, !entry.versions[acknowledged].isUsers
        else { return nil }
        let value = entry.versions[acknowledged].value
        var index = acknowledged - 1
        while index > previous, entry.versions[index].incarnation == incarnation {
            let version = entry.versions[index]
            if version.isUsers {
                guard let text = version.value, !Self.holds(value, text) else { return nil }
                return text
            }
            index -= 1
        }
        return nil
    }

    /// Whether the acknowledged value of a durable or requested key other than `key` holds `text`.
    func isSavedElsewhere(_ text: String, than key: HistoryKey) -> Bool {
        for (other, entry) in entries where other != key && entry.holdsMovedValues {
            if let acknowledged = entry.acknowledged, Self.holds(entry.versions[acknowledged].value, text) { return true }
        }
        return false
    }

    /// A durable or requested key other than `key` whose newest value holds `text`, edited by
    /// the app and not acknowledged yet: the move's destination, still unsaved.
    func unsavedHolder(of text: String, other key: HistoryKey) -> HistoryKey? {
        var found: HistoryKey?
        for (other, entry) in entries where other != key && entry.holdsMovedValues {
            guard let newest = entry.versions.last, !newest.isUsers, entry.acknowledged != entry.versions.count - 1,
                  Self.holds(newest.value, text)
            else { continue }
            if found.map({ other < $0 }) ?? true { found = other }
        }
        return found
    }

    /// Whether the newest value of a key other than `key` holds `text`: a source that still has
    /// it explains where `key`'s copy came from.
    func isStillHeld(_ text: String, otherThan key: HistoryKey) -> Bool {
        for (other, entry) in entries where other != key {
            if let newest = entry.versions.last, Self.holds(newest.value, text) { return true }
        }
        return false
    }

    /// Remembers `removed`, forgetting texts of earlier incarnations and the oldest beyond the limit.
    func remember(_ removed: RemovedUserText) {
        removedUserTexts.removeAll { $0.incarnation != removed.incarnation || $0.text == removed.text }
        if removedUserTexts.count == Self.removedTextLimit { removedUserTexts.removeFirst() }
        removedUserTexts.append(removed)
    }

    /// The remembered text of `incarnation` that `value`, the app's edit of `key`, receives, if no
    /// other key still holds it; forgotten once found.
    func receivedRemovedText(_ value: String?, of key: HistoryKey, incarnation: Int) -> RemovedUserText? {
        guard !removedUserTexts.isEmpty, let value,
              let index = removedUserTexts.firstIndex(where: {
                  $0.incarnation == incarnation && $0.key != key && Self.holds(value, $0.text)
              })
        else { return nil }
        let removed = removedUserTexts.remove(at: index)
        return isStillHeld(removed.text, otherThan: key) ? nil : removed
    }

    /// Whether `value` holds `text`: is it, or has it as one of its elements (`HistoryText`
    /// joins a collection's elements with `, `).
    static func holds(_ value: String?, _ text: String) -> Bool {
        guard let value, value.utf8.count >= text.utf8.count else { return false }
        if value == text { return true }
        return value.hasPrefix(text + ", ") || value.hasSuffix(", " + text) || value.contains(", " + text + ", ")
    }
}

extension EditHistory.Entry {
    /// Whether a value of this key can be where a moved text is kept: saved data, locally or by
    /// a request to a service.
    var holdsMovedValues: Bool { persistence == .durable || persistence == .requested }
}
