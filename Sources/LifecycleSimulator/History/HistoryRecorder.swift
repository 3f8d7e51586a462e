import DurableState
import Lifecycle
import LifelineHistory

/// How an app under simulation tells the history what the user did and what is saved: the
/// `StorageHistory` of each process the simulator launches.
///
/// ```swift
/// environment.history.edit(HistoryKey("note", scene: scene.id), text: text)     // when typed
/// environment.history.didSave(HistoryKey("note", scene: scene.id), text: text)  // "Saved"
/// ```
///
/// The stores of DurableState record through it themselves (it is the history of the
/// incarnation's `StorageEnvironment`), and user actions record the values their
/// screens show changed (``UserAction/edits``): record by hand only what neither sees — custom
/// storage, a request to a service. Record every user-visible edit when it is made (including
/// the app's own, such as clearing a selection whose record was deleted), and acknowledge a value
/// when the app would tell the user it is saved. One recorder per incarnation, from its
/// ``SimulationEnvironment``; calls from a dead incarnation are ignored. Lives on the main actor.
@MainActor
public final class HistoryRecorder: StorageHistory {
    private let context: RunContext
    private let incarnation: Int
    /// Told of each edit (`nil` persistence: the edit's save failed; the screen need not show it).
    private let onEdit: @MainActor (HistoryKey, String?, Persistence?) -> Void

    init(context: RunContext, incarnation: Int, onEdit: @escaping @MainActor (HistoryKey, String?, Persistence?) -> Void) {
        self.context = context
        self.incarnation = incarnation
        self.onEdit = onEdit
    }

    /// Whether the recorder's incarnation is alive (its calls count).
    var isAlive: Bool { context.isAlive(incarnation) }

    /// The run's history.
    var history: EditHistory { context.history }

    /// Records that the user (or the app on the user's behalf) set `key` to `text`: the screen
    /// must show it from now on, until the next edit.
    public func edit(_ key: HistoryKey, text: String?, persistence: Persistence = .durable) {
        record(key, value: text, persistence: persistence, byUser: false)
    }

    /// Records that `text` of `key` is about to be written: an edit, unless `text` is already
    /// the newest value recorded for `key` (the user's edit the screen reported). Call it before
    /// the first write, so that a death in the middle of the save leaves it indeterminate.
    public func willSave(_ key: HistoryKey, text: String?, persistence: Persistence = .durable) {
        guard isAlive else { return }
        context.recordUserEditsSoFar()
        if let newest = history.newestValue(of: key), newest == history.normalized(text, of: key) { return }
        edit(key, text: text, persistence: persistence)
    }

    /// Records what `key` shows when nothing is stored (its store's default value): the history
    /// treats that text as nothing.
    public func setDefault(_ key: HistoryKey, text: String?) {
        guard isAlive else { return }
        history.setDefault(text, for: key)
    }

    /// Records an edit of `key`, the user's with `byUser`.
    private func record(_ key: HistoryKey, value: String?, persistence: Persistence, byUser: Bool) {
        guard context.isAlive(incarnation) else { return }
        if !byUser { context.recordUserEditsSoFar() }
        let history = context.history
        let value = history.normalized(value, of: key)
        if context.isSuspended { context.reportWorkAfterBackgroundTime("an edit of \(key)") }
        history.recordEdit(key, value: value, persistence: persistence, incarnation: incarnation, step: context.step, byUser: byUser)
        context.record("history", "edit \(key) = \(Self.show(value))") { hash in
            Self.digest(key, value, tag: 6, into: &hash)
        }
        if !byUser, persistence == .durable || persistence == .requested,
           let removed = history.receivedRemovedText(value, of: key, incarnation: incarnation) {
            reportRemovedBeforeSaved(removed.text, from: removed.key, at: removed.step, receivedBy: key)
        }
        onEdit(key, value, persistence)
    }

    /// Records an edit of each value that `before` and `after` both show, differently, in the
    /// order of `after`: what a user action, or the app, changed on a screen, field by field. A
    /// value only `after` shows (a screen just opened) is not an edit: it shows what was there.
    /// Pass in `after` only the fields the change meant to set; the others are checked, not
    /// recorded.
    ///
    /// ```swift
    /// let before = fields(of: window)            // [VisibleValue]: query@S1, selection@S1, path@S1
    /// hands.type("austen", in: window)           // through the screen the user touches
    /// let query = fields(of: window).filter { $0.key.name == "query" }
    /// history.edit(changesFrom: before, to: query, persistence: .restorable)
    /// ```
    ///
    /// Recording each field under its own key (`HistoryKey("query", scene: id)`) is what lets the
    /// checks say which field of which scene went wrong, and name the other scene when one
    /// scene's value shows in another.
    public func edit(changesFrom before: [VisibleValue], to after: [VisibleValue], persistence: Persistence = .durable) {
        for observation in after {
            guard let earlier = before.first(where: { $0.key == observation.key }), earlier.text != observation.text
            else { continue }
            record(observation.key, value: observation.text, persistence: persistence, byUser: false)
        }
    }

    /// Records the user's edit of `key` (a user action's, seen on a screen).
    func recordUserEdit(_ key: HistoryKey, text: String?, persistence: Persistence) {
        record(key, value: text, persistence: persistence, byUser: true)
    }

    /// Records that `text` of `key` is saved with the promise of its persistence: the app may now
    /// tell the user so, and it must survive every later death. Acknowledging a text this process
    /// never recorded does nothing.
    public func didSave(_ key: HistoryKey, text: String?) {
        guard context.isAlive(incarnation) else { return }
        context.recordUserEditsSoFar()
        let history = context.history
        let value = history.normalized(text, of: key)
        guard let previous = history.acknowledgement(of: key, value: value, incarnation: incarnation) else { return }
        context.record("history", "ack \(key) = \(Self.show(value))") { hash in
            Self.digest(key, value, tag: 7, into: &hash)
        }
        checkMoveOrder(acknowledging: key, previous: previous)
    }

    /// Records that the save of `text` of `key` failed and left the stored value as it was: if
    /// it is this process's newest edit of `key`, the screen need not show it from now on (the
    /// app may keep it and save it later, or go back to the value before); it stays unsaved.
    public func didFailToSave(_ key: HistoryKey, text: String?) {
        guard context.isAlive(incarnation) else { return }
        context.recordUserEditsSoFar()
        let value = context.history.normalized(text, of: key)
        guard let newest = context.history.newestVersion(of: key), newest.incarnation == incarnation, newest.value == value
        else { return }
        context.history.markSaveFailed(key)
        context.record("history", "save failed \(key) = \(Self.show(value))") { hash in
            Self.digest(key, value, tag: 12, into: &hash)
        }
        onEdit(key, value, nil)
    }

    /// The order of a move (`EditHistory+Moves.swift`): once the app saved `key` without the
    /// text the user last gave it, that text must already be saved in another key. If another
    /// key holds it unsaved, the move went in the wrong order now; if none does yet, the text is
    /// remembered, in case one receives it later.
    private func checkMoveOrder(acknowledging key: HistoryKey, previous: Int) {
        let history = context.history
        guard let text = history.userTextRemoved(from: key, previous: previous, incarnation: incarnation),
              !history.isSavedElsewhere(text, than: key)
        else { return }
        if let holder = history.unsavedHolder(of: text, other: key) {
            reportRemovedBeforeSaved(text, from: key, at: context.step, receivedBy: holder)
        } else {
            history.remember(.init(text: text, key: key, incarnation: incarnation, step: context.step))
        }
    }

    private func reportRemovedBeforeSaved(_ text: String, from source: HistoryKey, at step: Int, receivedBy destination: HistoryKey) {
        context.report(
            .removedBeforeSaved,
            "\(source) held the user's \(Self.show(text)); the app saved \(source) without it at step \(step), before "
                + "\(destination), which receives it, was saved: a crash in between loses it (save the new place first, then "
                + "remove it from the old)")
    }

    /// Checks that `text`, what the storage of `key` held when this incarnation read it, is a
    /// value the history allows after a relaunch (the newest acknowledged or a later one), as a
    /// screen showing it would be checked; a key this incarnation already edited is not checked.
    /// A refused value is reported at once: a lost write shows even when no screen shows it.
    public func didLoad(_ key: HistoryKey, text: String?) {
        guard context.isAlive(incarnation) else { return }
        let history = context.history
        let value = history.normalized(text, of: key)
        guard !history.hasVersion(of: key, madeBy: incarnation), !history.allows(value, for: key) else { return }
        let verdict = history.verdict(for: key, shows: value, expected: history.acknowledgedValue(of: key), live: false, step: context.step)
        context.report(verdict.kind, "read from storage (what a screen opening it would show): " + verdict.message)
    }

    /// The values of an edit or acknowledgement record, for the trace hash.
    static func digest(_ key: HistoryKey, _ value: String?, tag: UInt8, into hash: inout FNV1a64) {
        hash.combine(byte: tag)
        hash.combine(key.name)
        hash.combine(byte: 0)
        hash.combine(key.scene?.rawValue ?? "")
        hash.combine(byte: value == nil ? 0 : 1)
        hash.combine(value ?? "")
    }

    /// `value` in quotes, whole (`nil` for nothing).
    nonisolated static func show(_ value: String?) -> String {
        guard let value else { return "nil" }
        return "\"\(value)\""
    }

    /// Where two long texts part, for a message that shows both: `nil` when either is short
    /// (a reader sees the difference) or nothing.
    nonisolated static func difference(between shown: String?, and expected: String?) -> String? {
        guard let shown, let expected, shown != expected, max(shown.count, expected.count) > 40 else { return nil }
        let common = zip(shown, expected).prefix { $0 == $1 }.count
        let context = 12
        func around(_ text: String) -> String {
            let start = text.index(text.startIndex, offsetBy: max(0, common - context))
            let end = text.index(start, offsetBy: min(text.distance(from: start, to: text.endIndex), 2 * context + 1))
            return (start > text.startIndex ? "…" : "") + text[start..<end] + (end < text.endIndex ? "…" : "")
        }
        return "they differ from character \(common + 1): \"\(around(shown))\" against \"\(around(expected))\""
    }
}
