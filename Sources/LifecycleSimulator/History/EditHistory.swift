import Lifecycle
import LifelineHistory

/// The history of every user-visible edit, Jepsen-style: each edit is recorded when made and
/// becomes *acknowledged* when the app says it is saved (or, by the lesson's rule, when its scene
/// has gone inactive and the app has settled). An edit still pending when its process dies is
/// *indeterminate*: after relaunch it may be present (whole) or absent, never half.
///
/// Owned by one simulation run, shared by every incarnation of it; lives on the main actor.
@MainActor
public final class EditHistory {
    /// One edit of a key.
    public struct Version: Sendable, Hashable {
        /// The value the edit set (`nil` deletes).
        public var value: String?
        /// The process incarnation that made it.
        public var incarnation: Int
        /// The schedule step it was made in.
        public var step: Int
        /// Whether the user made it (a user action's ``UserAction/edits``), rather than the app
        /// (a storage primitive's report, or a record by hand).
        public var isUsers = false
        /// Whether its save failed and left the stored value as it was (the app may give it up).
        public var saveFailed = false
    }

    struct Entry {
        var persistence: Persistence
        var versions: [Version] = []
        /// Index of the newest acknowledged version.
        var acknowledged: Int?
        /// Set when the simulator damaged the restoration payload that holds a restorable key.
        var isDamaged = false
        /// Set when the simulator damaged the file a key is named after (a file the app writes
        /// and reads itself): until a write of it is acknowledged, any bytes read from it are
        /// allowed.
        var holdsDamagedBytes = false
        /// Set for good once the simulator damaged that file.
        var wasDamagedBytes = false

        /// Whether the newest version's save failed.
        var newestSaveFailed: Bool { versions.last?.saveFailed ?? false }

        /// Appends `version`; returns its index.
        mutating func append(_ version: Version) -> Int {
            versions.append(version)
            return versions.count - 1
        }
    }

    private(set) var entries: [HistoryKey: Entry] = [:]
    /// Set once the simulator damaged a file: loss checks relax to "some version or absent".
    public var isTainted: Bool { tainted }
    /// The storage behind ``isTainted``.
    private var tainted = false
    /// Texts of the user's that the app saved away from their key before another key held them
    /// (`EditHistory+Moves.swift`), newest last, at most ``removedTextLimit``.
    var removedUserTexts: [RemovedUserText] = []
    /// What each key shows when nothing is stored, as its storage primitive reported it
    /// (`StorageHistory.setDefault`): that text means nothing, in edits and on screens alike.
    private(set) var defaults: [HistoryKey: String] = [:]

    /// Creates an empty history.
    public init() {}

    /// Records that `key` shows `text` when nothing is stored (the latest report wins: every
    /// incarnation runs the same code). A default of nothing needs no record.
    func setDefault(_ text: String?, for key: HistoryKey) {
        guard let text, defaults[key] != text else { return }
        defaults[key] = text
    }

    /// `value` as the checks compare it: `nil` when it is the key's default.
    func normalized(_ value: String?, of key: HistoryKey) -> String? {
        guard !defaults.isEmpty, let value, let text = defaults[key], text == value else { return value }
        return nil
    }

    /// The newest value recorded for `key`, by any incarnation (`nil` inside when that deleted
    /// it), or `nil` if none was.
    func newestValue(of key: HistoryKey) -> String?? {
        guard let newest = entries[key]?.versions.last else { return nil }
        return .some(newest.value)
    }

    /// The newest version recorded for `key`, if any.
    func newestVersion(of key: HistoryKey) -> Version? { entries[key]?.versions.last }

    /// Marks the newest version of `key` as one whose save failed.
    func markSaveFailed(_ key: HistoryKey) {
        guard let last = entries[key]?.versions.indices.last else { return }
        entries[key]?.versions[last].saveFailed = true
    }

    /// The keys whose newest version `incarnation` made and failed to save, with its value.
    func failedSaves(madeBy incarnation: Int) -> [HistoryKey: String?] {
        var failed: [HistoryKey: String?] = [:]
        for (key, entry) in entries {
            if let newest = entry.versions.last, newest.saveFailed, newest.incarnation == incarnation { failed[key] = newest.value }
        }
        return failed
    }

    /// Whether `incarnation` made an edit of `key`.
    func hasVersion(of key: HistoryKey, madeBy incarnation: Int) -> Bool {
        entries[key]?.versions.contains { $0.incarnation == incarnation } ?? false
    }

    /// Whether a screen may say that `value` of `key` is saved in `incarnation`: the key's
    /// acknowledged version holds `value` and is, or follows, the newest version of that value
    /// `incarnation` made. A key `incarnation` never edited passes (what it shows is checked
    /// like any observation).
    func isSaved(_ value: String?, of key: HistoryKey, in incarnation: Int) -> Bool {
        guard let entry = entries[key], entry.versions.contains(where: { $0.incarnation == incarnation }) else { return true }
        guard let acknowledged = entry.acknowledged, entry.versions[acknowledged].value == value,
              let own = entry.versions.lastIndex(where: { $0.incarnation == incarnation && $0.value == value })
        else { return false }
        return own <= acknowledged
    }

    /// Every key with at least one edit, sorted.
    public var keys: [HistoryKey] { entries.keys.sorted() }

    /// Records an edit (the user's with `byUser`); returns its index among the key's versions.
    @discardableResult
    func recordEdit(
        _ key: HistoryKey, value: String?, persistence: Persistence, incarnation: Int, step: Int, byUser: Bool = false
    ) -> Int {
        // Appended in place (one lookup, no copy of the versions).
        return entries[key, default: Entry(persistence: persistence)]
            .append(Version(value: value, incarnation: incarnation, step: step, isUsers: byUser))
    }

    /// The persistence `key` was recorded with, if it was.
    func persistence(of key: HistoryKey) -> Persistence? { entries[key]?.persistence }

    /// Marks the newest version of `key` equal to `value` made by `incarnation` as acknowledged
    /// (and so every earlier one). Returns false if there is no such version.
    @discardableResult
    func acknowledge(_ key: HistoryKey, value: String?, incarnation: Int) -> Bool {
        acknowledgement(of: key, value: value, incarnation: incarnation) != nil
    }

    /// ``acknowledge(_:value:incarnation:)``, returning `nil` if there is no such version, else
    /// the index of the version acknowledged before (`-1` for none), which may be the same.
    func acknowledgement(of key: HistoryKey, value: String?, incarnation: Int) -> Int? {
        guard var entry = entries[key],
              let index = entry.versions.lastIndex(where: { $0.value == value && $0.incarnation == incarnation })
        else { return nil }
        let previous = entry.acknowledged ?? -1
        if index > previous { entry.acknowledged = index }
        entry.holdsDamagedBytes = false
        entries[key] = entry
        return previous
    }

    /// Acknowledges, for every key that `madeThrough` gives a step, the newest version made by
    /// `incarnation` at or before that step; returns the keys it acknowledged. Restorable keys are
    /// acknowledged only by ``acknowledgeRestorable(scene:incarnation:)``; requested ones, and
    /// ones whose newest save failed (the flush the rule stands for has nothing to save of an
    /// edit the app gave up), not `byInactiveRule`.
    @discardableResult
    func acknowledgePending(
        incarnation: Int, byInactiveRule: Bool = false, madeThrough: (HistoryKey) -> Int?
    ) -> [HistoryKey] {
        acknowledgeNewest(by: incarnation) { key, entry in
            guard entry.persistence != .restorable,
                  !(byInactiveRule && (entry.persistence == .requested || entry.newestSaveFailed))
            else { return nil }
            return madeThrough(key)
        }
    }

    /// Acknowledges the newest version made by `incarnation` of every restorable key of `scene`:
    /// the system has just captured the scene's restoration payload. Returns the keys.
    @discardableResult
    func acknowledgeRestorable(scene: SceneSessionID, incarnation: Int) -> [HistoryKey] {
        acknowledgeNewest(by: incarnation) { key, entry in entry.persistence == .restorable && key.scene == scene ? Int.max : nil }
    }

    /// Acknowledges, for each restorable key whose scene `madeThrough` gives a step, the newest
    /// version made by `incarnation` at or before that step (the background rule). Returns the
    /// keys.
    @discardableResult
    func acknowledgeRestorable(incarnation: Int, madeThrough: (SceneSessionID) -> Int?) -> [HistoryKey] {
        acknowledgeNewest(by: incarnation) { key, entry in
            guard entry.persistence == .restorable, !entry.newestSaveFailed, let scene = key.scene else { return nil }
            return madeThrough(scene)
        }
    }

    /// Acknowledges the newest version made by `incarnation` of every key `madeThrough` gives a
    /// step, made at or before that step; returns the keys, sorted. Clears the damage mark too: only restorable keys carry one, and
    /// acknowledging them means a fresh payload was captured.
    private func acknowledgeNewest(by incarnation: Int, madeThrough: (HistoryKey, Entry) -> Int?) -> [HistoryKey] {
        var acknowledged: [(key: HistoryKey, index: Int)] = []
        for (key, entry) in entries {
            guard let step = madeThrough(key, entry),
                  let index = entry.versions.lastIndex(where: { $0.incarnation == incarnation && $0.step <= step }),
                  index > (entry.acknowledged ?? -1)
            else { continue }
            acknowledged.append((key, index))
        }
        // Changed after the walk, so that the dictionary is not copied while it is iterated.
        for (key, index) in acknowledged {
            entries[key]?.acknowledged = index
            entries[key]?.isDamaged = false
        }
        return acknowledged.map(\.key).sorted()
    }

    /// Relaxes the loss checks of the restorable keys of `scene`: the simulator damaged the
    /// restoration payload it is about to hand back.
    func damageRestoration(of scene: SceneSessionID) {
        for (key, entry) in entries where entry.persistence == .restorable && key.scene == scene {
            entries[key]?.isDamaged = true
        }
    }

    /// Notes that the simulator damaged the file at `path`: a key named after it (a file the app
    /// reads and writes itself) may read as anything until a write of it is acknowledged.
    func damageFile(at path: String) {
        let key = HistoryKey(path)
        entries[key, default: Entry(persistence: .durable)].holdsDamagedBytes = true
        entries[key]?.wasDamagedBytes = true
    }

    /// Relaxes every loss check: the simulator damaged stored data itself.
    func taint() {
        tainted = true
    }

    /// The versions of `key`, oldest first.
    public func versions(of key: HistoryKey) -> [Version] {
        entries[key]?.versions ?? []
    }

    /// The newest acknowledged value of `key`, if any edit was acknowledged (`.some(nil)` for an
    /// acknowledged deletion).
    public func acknowledgedValue(of key: HistoryKey) -> String?? {
        guard let entry = entries[key], let index = entry.acknowledged else { return nil }
        return .some(entry.versions[index].value)
    }

    /// Whether `value` is a legal value of `key` after a relaunch: the newest acknowledged value
    /// or any later (indeterminate) one; with nothing acknowledged, also absent.
    func allows(_ value: String?, for key: HistoryKey) -> Bool {
        guard let entry = entries[key] else { return value == nil }
        if entry.holdsDamagedBytes { return true }
        let relaxed = isTainted || entry.persistence == .ephemeral || entry.isDamaged
        if value == nil, entry.acknowledged == nil || relaxed { return true }
        let start = relaxed ? 0 : (entry.acknowledged ?? 0)
        let versions = entry.versions
        for index in start..<versions.count where versions[index].value == value { return true }
        return false
    }

    /// Whether `value` was ever a value of `key`.
    func wasEverValue(_ value: String?, of key: HistoryKey) -> Bool {
        entries[key]?.versions.contains { $0.value == value } ?? false
    }

    /// Other keys with the same name that once held `value` (a leak between scenes).
    func otherKeys(named name: String, holding value: String?, excluding key: HistoryKey) -> [HistoryKey] {
        entries.filter { $0.key != key && $0.key.name == name && $0.value.versions.contains { $0.value == value } }
            .keys.sorted()
    }
}
