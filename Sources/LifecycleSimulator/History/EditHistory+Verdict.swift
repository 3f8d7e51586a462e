import Lifecycle
import LifelineHistory

extension EditHistory {
    /// What it means that `key` shows `value`, which the checks refused in `step`: `expected` is
    /// the value the key should show (the user's live edit when `live`, else the acknowledged
    /// one, `nil` when nothing was acknowledged). Returns the violation's kind and message.
    ///
    /// - A value of a scene's field that another scene's same field holds as its newest value
    ///   (for nothing, `nil`, only one set in this very step: every fresh field holds nothing),
    ///   or that only other scenes' fields ever held, is a ``Violation/Kind/crossSceneLeak``: the
    ///   message names the field, both scenes and both values.
    /// - Otherwise a live mismatch is ``Violation/Kind/lostLiveEdit``; a value the key once had
    ///   (or nothing), or the bytes the simulator damaged in a file whose later write was
    ///   acknowledged, is ``Violation/Kind/lostAcknowledgedEdit``; anything else is
    ///   ``Violation/Kind/phantomData``.
    func verdict(
        for key: HistoryKey, shows value: String?, expected: String??, live: Bool, step: Int
    ) -> (kind: Violation.Kind, message: String) {
        let shown = HistoryRecorder.show(value)
        let wanted = Self.describe(expected, live: live)
        if let scene = key.scene, let source = newestHolder(of: value, named: key.name, otherThan: scene),
           value != nil || source.version.step == step {
            let own = own(key, expected, live: live)
            return (.crossSceneLeak, Self.leakMessage(key, scene: scene, shown: shown, source: source, own: own))
        }
        if value != nil, !wasEverValue(value, of: key),
           let other = otherKeys(named: key.name, holding: value, excluding: key).first {
            let message = "\(key) shows \(shown), a value made for \(other) and never for \(key); \(key) should show \(wanted)"
            return (.crossSceneLeak, message)
        }
        let apart = expected.flatMap { HistoryRecorder.difference(between: value, and: $0) }.map { "; \($0)" } ?? ""
        if live { return (.lostLiveEdit, "\(key) shows \(shown) instead of \(wanted)\(apart)") }
        if expected != nil, entries[key]?.wasDamagedBytes == true, !wasEverValue(value, of: key) {
            return (.lostAcknowledgedEdit, "\(key) shows \(shown), bytes the simulator damaged earlier, instead of \(wanted)\(apart)")
        }
        if value == nil || wasEverValue(value, of: key) {
            return (.lostAcknowledgedEdit, "\(key) shows \(shown) instead of \(wanted)\(apart)")
        }
        return (.phantomData, "\(key) shows \(shown), which no edit ever set")
    }

    /// The key of another scene, with the same name as `name`, whose newest version is `value`;
    /// of several, the one edited last.
    func newestHolder(
        of value: String?, named name: String, otherThan scene: SceneSessionID
    ) -> (key: HistoryKey, version: Version)? {
        var best: (key: HistoryKey, version: Version)?
        for (key, entry) in entries where key.name == name && key.scene != nil && key.scene != scene {
            guard let newest = entry.versions.last, newest.value == value else { continue }
            if let current = best,
               (current.version.incarnation, current.version.step, current.key) > (newest.incarnation, newest.step, key) {
                continue
            }
            best = (key, newest)
        }
        return best
    }

    private static func leakMessage(
        _ key: HistoryKey, scene: SceneSessionID, shown: String, source: (key: HistoryKey, version: Version), own: String
    ) -> String {
        let other = source.key.scene.map { "scene \($0.rawValue)" } ?? "the app"
        let when = source.version.step < 0 ? "in the final check" : "at step \(source.version.step)"
        return "the \(key.name) of scene \(scene.rawValue) shows \(shown), which is the \(key.name) of \(other) (set \(when)); "
            + "scene \(scene.rawValue)'s own \(key.name) is \(own)"
    }

    /// What `key` itself should show, for a leak's message.
    private func own(_ key: HistoryKey, _ expected: String??, live: Bool) -> String {
        if expected != nil { return Self.describe(expected, live: live) }
        guard let newest = entries[key]?.versions.last else { return "never set" }
        return "\(HistoryRecorder.show(newest.value)) (not acknowledged)"
    }

    private static func describe(_ expected: String??, live: Bool) -> String {
        switch expected {
        case .none: "a value it once had, or nothing"
        case .some(let value):
            live ? "the user's latest edit \(HistoryRecorder.show(value))" : "the acknowledged \(HistoryRecorder.show(value))"
        }
    }
}
