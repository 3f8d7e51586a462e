import Lifecycle
import LifelineHistory

/// The edits of one user action, recorded from what the screens show while it runs. Each time
/// something the action does is about to be written, acknowledged or killed (its first storage
/// operation, a store's report to the history), and once it returns, the values the action means
/// to change (``UserAction/edits``, on its scene or app-wide) that changed since the time before
/// are recorded as the user's. So an edit is recorded before its own save, and a kill inside the
/// action does not drop it. A screen open before and after that stopped showing a value records
/// its removal (`nil`), one that started showing a value records it set; a screen that opened or
/// closed records nothing (it shows what was there).
///
/// Owned by the step that performs the action, for the action's length; lives on the main actor.
@MainActor
final class UserEditRecorder {
    /// What the user sees at one moment.
    struct Snapshot {
        /// What the adapter's `observe` shows.
        var observed: [VisibleValue]
        /// What each registered screen shows, with the screen (held for the action's length, so
        /// that no other screen takes its identity).
        var screens: [(screen: AnyObject, values: [VisibleValue])]

        /// Every value shown, by key (the first screen showing a key wins, as in the checks).
        var byKey: [HistoryKey: VisibleValue] {
            var values: [HistoryKey: VisibleValue] = [:]
            for value in observed where values[value.key] == nil { values[value.key] = value }
            for (_, shown) in screens {
                for value in shown where values[value.key] == nil { values[value.key] = value }
            }
            return values
        }

        /// What `screen` showed, if it was open.
        func values(of screen: AnyObject) -> [VisibleValue]? {
            screens.first { $0.screen === screen }?.values
        }
    }

    private let edits: [EditedValue]
    private let scene: SceneSessionID
    private let history: HistoryRecorder
    private let snapshot: @MainActor () -> Snapshot
    private var before: Snapshot
    /// ``before``'s values by key, taken with it.
    private var shownBefore: [HistoryKey: VisibleValue]

    /// Starts recording the edits `edits` of an action on `scene`, taking what the user sees now
    /// with `snapshot`.
    init(edits: [EditedValue], scene: SceneSessionID, history: HistoryRecorder, snapshot: @escaping @MainActor () -> Snapshot) {
        self.edits = edits
        self.scene = scene
        self.history = history
        self.snapshot = snapshot
        before = snapshot()
        shownBefore = before.byKey
    }

    /// Records what changed since the last call (or the start), as the user's edits.
    func recordChanges() {
        let after = snapshot()
        let shownAfter = after.byKey
        for value in after.observed + after.screens.flatMap(\.values) {
            guard let earlier = shownBefore[value.key], earlier.text != value.text, shownAfter[value.key] == value,
                  let persistence = meant(value.key)
            else { continue }
            history.recordUserEdit(value.key, text: value.text, persistence: persistence)
        }
        for (screen, values) in after.screens {
            guard let earlier = before.values(of: screen) else { continue }
            for value in values where shownBefore[value.key] == nil && shownAfter[value.key] == value {
                if let persistence = meant(value.key) { history.recordUserEdit(value.key, text: value.text, persistence: persistence) }
            }
            for value in earlier where shownAfter[value.key] == nil {
                if let persistence = meant(value.key) { history.recordUserEdit(value.key, text: nil, persistence: persistence) }
            }
        }
        before = after
        shownBefore = shownAfter
    }

    /// The persistence of `key`'s edits if the action means to change it, else `nil`.
    private func meant(_ key: HistoryKey) -> Persistence? {
        guard key.scene == scene || key.scene == nil else { return nil }
        return edits.first { $0.matches(key) }?.persistence
    }
}
