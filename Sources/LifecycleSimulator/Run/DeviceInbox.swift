import Lifecycle
import LifelineHistory

/// What the live incarnation's callbacks report to the device during a run: the background-task
/// requests the device keeps, the user's live edits, and the scenes (and whether the app) that
/// resigned active during the current step.
///
/// Kept apart from ``SimulationRun`` so that the callbacks can hold it strongly: they held the run
/// weakly before, and a weakly referenced object gets a side table, which made every retain and
/// release of the run (several per step) take the slow path. It holds values only, so holding it
/// makes no cycle; a callback of a run that has ended writes into an inbox nobody reads.
///
/// Owned by one ``SimulationRun`` (and held by its incarnations' callbacks); main actor.
@MainActor
final class DeviceInbox {
    /// Background-task requests the device keeps across incarnations.
    var pendingRequests: [String: BackgroundTaskRequest] = [:]
    /// Latest value of each key edited during the current scene connection (scene keys) or the
    /// current incarnation (app keys): the user must see exactly that.
    var liveEdits: [HistoryKey: String?] = [:]
    /// Scenes that resigned active during the current step, and whether the app did.
    var resignedScenes: Set<SceneSessionID> = []
    var appResigned = false
    /// The inactive rule's acknowledgements still to make: for each scene that resigned active
    /// (and for the app), the last step at which it did. They are made once the flush that the
    /// resignation started is over — the live incarnation holds no extra-time lease at the end
    /// of a step — and dropped if the process dies first (those edits stay indeterminate).
    var awaitingFlush: [SceneSessionID: Int] = [:]
    var appAwaitingFlush: Int?
    /// Scenes that entered the background or disconnected during the current step.
    var backgroundedScenes: Set<SceneSessionID> = []
    /// The background rule's acknowledgements still to make: for each scene that entered the
    /// background or disconnected, the last step at which it did. Made, like the inactive rule's,
    /// once the app holds no extra-time lease, and dropped if the process dies first.
    var awaitingRestorableSave: [SceneSessionID: Int] = [:]
    /// Forgets the acknowledgements the rules still had to make (the process died, or the
    /// storage filled before the saves they stand for were made).
    func dropRuleAcknowledgements() {
        awaitingFlush.removeAll()
        appAwaitingFlush = nil
        awaitingRestorableSave.removeAll()
    }

    /// Scenes that disconnected during the current step: at its end their screens still alive
    /// are watched (``ProcessIncarnation/screensOfDisconnectedScenes``).
    var disconnectedScenes: [SceneSessionID] = []
}
