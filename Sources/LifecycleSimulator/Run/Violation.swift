import LifelineHistory
/// A broken invariant found by a simulation run: what kind, what happened and at which step.
/// A `Codable` value; repro files store the violation they reproduce.
public struct Violation: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The class of failure; the shrinker keeps a candidate only if it fails with the same kind.
    public struct Kind: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// An acknowledged edit is missing after relaunch (an older value or nothing shows).
        public static let lostAcknowledgedEdit = Kind(rawValue: "lost acknowledged edit")
        /// A value shows that no edit ever made (half a write, invented data).
        public static let phantomData = Kind(rawValue: "phantom data")
        /// A scene shows a value that was made in another scene.
        public static let crossSceneLeak = Kind(rawValue: "cross-scene leak")
        /// A value differs from the user's own latest edit in the same process.
        public static let lostLiveEdit = Kind(rawValue: "edit not shown")
        /// The app reported a crash (a trap it would hit on a device).
        public static let appCrash = Kind(rawValue: "app crash")
        /// A canary secret reached preferences, restoration state, logs or plain files.
        public static let secretLeak = Kind(rawValue: "secret leak")
        /// Storage was written after the app's background time ended (its last background task,
        /// extra-time lease or silent push ended while no scene was in the foreground), or work
        /// ran (storage, logs, edits) while the process was suspended: iOS would have frozen it.
        public static let workAfterBackgroundTimeEnded = Kind(rawValue: "work after its background time ended")
        /// A lock was held when the process was suspended (0xdead10cc).
        public static let lockHeldIntoSuspension = Kind(rawValue: "lock held into suspension")
        /// A background task, lease or push was not ended within the grace period after its
        /// expiration handler: the watchdog killed the process.
        public static let backgroundTimeOverran = Kind(rawValue: "background time overran")
        /// After a death, an app database (a ``DatabaseCheck``) fails `PRAGMA integrity_check`,
        /// or SQLite cannot open it at all.
        public static let databaseDamaged = Kind(rawValue: "database damaged")
        /// After a death, the app cannot open its database (``DatabaseCheck/open``, its
        /// migrations, fails on what the death left: a migration killed halfway).
        public static let databaseUnopenable = Kind(rawValue: "database cannot be opened")
        /// After a death, a database holds part of a change that the app meant to write whole
        /// (a ``DatabaseCheck/consistency`` query returns a row): two statements that belonged
        /// in one transaction were committed one at a time.
        public static let halfAppliedTransaction = Kind(rawValue: "half-applied transaction")
        /// A screen of a scene that disconnected is still alive once the app has idled for
        /// ``SimulationOptions/livenessBound`` in the final check, or, suspended, has no task or
        /// timer left that could release it (a view model registered with the
        /// ``SimulationEnvironment/screens`` registry, under that scene): something outside the
        /// scene holds it — a retain cycle, an app-wide service's callback or list, a task outside
        /// the scene's scope. On a device it, and everything it holds, stays for the process's
        /// life, and whatever it observes it goes on doing for a window nobody sees.
        public static let screenOutlivedScene = Kind(rawValue: "screen kept after its scene disconnected")
        /// One view model registered with the ``SimulationEnvironment/screens`` registry under
        /// two scenes, both connected: a singleton or an application-lifetime registration where
        /// a scene lifetime was meant. Each window then shows what the other did (a search, a
        /// selection, typed text), and a window's restored state is another's.
        public static let screenSharedByScenes = Kind(rawValue: "one screen model in two scenes")
        /// A screen of a scene that is no longer foreground-active shows an edit of the user's
        /// that the model beneath it does not hold (`VisibleValue.modelText`): a view model
        /// that keeps typed text to itself until it is closed, or hands it over on a timer the
        /// scene's resignation does not flush. A kill now loses what the user saw typed.
        public static let editOnlyInScreen = Kind(rawValue: "edit only in the screen")
        /// A screen says a value is saved (`VisibleValue.saysSaved`) that this process edited and
        /// its storage has not acknowledged writing: a save that failed, is still in flight or
        /// never started is shown as done, and a kill now loses what the user was told is safe.
        public static let shownSavedNotWritten = Kind(rawValue: "shown saved, not written")
        /// The app moved a text the user gave one value into another (a draft into an item, a
        /// composed message into an outbox) and saved its removal from the first before the
        /// second held it durably: for a moment no store holds it, and a crash then loses it.
        /// Found without a crash, from the order of the saves (`EditHistory+Moves.swift`).
        public static let removedBeforeSaved = Kind(rawValue: "removed before saved elsewhere")
        /// With ``SimulationOptions/deviceLocks``: the process wrote, replaced or removed a file
        /// whose read its protection class had refused (the device locked or not yet unlocked)
        /// and that it has not read since. Whatever it saved was built without the file's data —
        /// "cannot read now" taken for "empty" — and the user's data is gone.
        public static let writtenOverUnreadData = Kind(rawValue: "written over data that was not read")
        /// With ``SimulationOptions/deviceLocks``: a write refused for its file's protection class
        /// while the device was locked was never made again, although the process learned that
        /// the device is unlocked (it heard `protectedDataDidBecomeAvailable`, or a scene of it was
        /// in the foreground after the unlock) and then had the liveness bound to do it.
        public static let deferredWorkLost = Kind(rawValue: "work deferred by the lock never done")
        /// Tracked work waited on something the simulator does not control.
        public static let escapedWork = Kind(rawValue: "escaped work")
        /// The app kept itself busy without time passing: within one settling of the device, more
        /// than ``SimulationOptions/busyLoopLimit`` rounds of timers due at once and of jobs that
        /// make more jobs (a retry re-armed for a moment already past, a task that reschedules
        /// itself at once). On a device the main thread never idles: the CPU and the battery
        /// burn, and in the background iOS kills the process for its CPU use.
        public static let busyLoop = Kind(rawValue: "busy loop")
        /// The runtime refused an event the generator believed legal: a simulator bug.
        public static let illegalEvent = Kind(rawValue: "illegal event (generator bug)")

        /// Every kind the simulator itself checks (an app's invariants add theirs), for reports
        /// that list each kind checked.
        package static let builtIn: [Kind] = [
            .lostAcknowledgedEdit, .phantomData, .crossSceneLeak, .lostLiveEdit, .appCrash, .secretLeak,
            .workAfterBackgroundTimeEnded, .lockHeldIntoSuspension, .backgroundTimeOverran, .busyLoop, .screenOutlivedScene,
            .screenSharedByScenes, .editOnlyInScreen, .shownSavedNotWritten, .removedBeforeSaved, .writtenOverUnreadData, .deferredWorkLost, .escapedWork,
            .illegalEvent,
        ]

        /// The kind of a broken app invariant named `name`.
        public static func app(_ name: String) -> Kind { Kind(rawValue: "app: \(name)") }
    }

    /// The class of failure.
    public var kind: Kind
    /// What happened, with the keys and values involved.
    public var message: String
    /// The schedule step (0-based) during or after which it was found; the number of events for
    /// the final check, which follows the last one.
    public var step: Int

    /// Creates a violation.
    public init(kind: Kind, message: String, step: Int) {
        self.kind = kind
        self.message = message
        self.step = step
    }

    public var description: String {
        "\(kind) at \(step < 0 ? "final check" : "step \(step)"): \(message)"
    }
}
