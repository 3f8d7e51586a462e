/// One step of a schedule: an OS event, a user action, the passing of time or a fault.
///
/// Scenes are named by *slot* (1, 2, 3…): the device keeps one scene session per slot across
/// launches, as iOS keeps sessions, so a schedule stays meaningful when other steps are removed
/// by the shrinker. A `Codable` value: repro files store schedules as arrays of it.
///
/// ```swift
/// let schedule: [SimulationEvent] = [
///     .launch(.user), .userAction(name: "edit note", scene: 1, seed: 0),
///     .enterBackground(scene: 1), .kill,
/// ]
/// ```
public enum SimulationEvent: Hashable, Codable, Sendable {
    /// The process starts in the foreground: launch callbacks, then the front scene connects
    /// and becomes active (UIKit's user launch). Legal only when the process is not running.
    case launch(LaunchKind)
    /// A scene connects for the session of `scene` (created if the slot is empty), with that
    /// session's restoration payload, mutated by `restoration` if given; in the foreground or,
    /// for a system-requested scene, the background.
    case connectScene(scene: Int, foreground: Bool, restoration: RestorationMutation?)
    /// A scene connects for the session of `scene` (created if the slot is empty) to open the
    /// app's deep link number `link`, as a URL or, with `asActivity`, as a universal-link user
    /// activity, in the foreground.
    case connectSceneWithLink(scene: Int, link: Int, asActivity: Bool)
    /// The scene of `scene` disconnects; its session (and payload) survives.
    case disconnectScene(scene: Int)
    /// The user discards the session of `scene` (not connected); reported at the next launch if
    /// the process is not running.
    case discardSession(scene: Int)
    /// The scene becomes active (from the background or foreground inactive).
    case activate(scene: Int)
    /// The active scene resigns active (an interruption, the app switcher).
    case resignActive(scene: Int)
    /// The foreground scene goes to the background.
    case enterBackground(scene: Int)
    /// The background scene comes to the foreground (inactive).
    case enterForeground(scene: Int)
    /// The app's deep link number `link` opens in the foreground scene `scene`.
    case openLink(scene: Int, link: Int)
    /// The app-supplied user action `name` in the active scene `scene`; it draws its own choices
    /// from a generator seeded with `seed`.
    case userAction(name: String, scene: Int, seed: UInt64)
    /// The system suspends the process (no callback): no scene in the foreground, no background
    /// time held. The device does this by itself at the end of every step that leaves an app in
    /// that state, so no schedule needs the event: a replay of one (written for the device of
    /// earlier versions) refuses it, the process being suspended already.
    case suspend
    /// The process is killed (no callback). Written data survives.
    case kill
    /// The device loses power: the process dies and the disk keeps only what the crash policy
    /// leaves of unsynced writes.
    case powerLoss(policy: PowerLossPolicy, seed: UInt64)
    /// The process dies at its `atOperation`-th storage write (1-based) during the next step, or
    /// at the end of that step if it writes less: a kill between any two file-system operations.
    /// Armed while the process is not running, it crashes the launch that follows (a migration
    /// killed halfway).
    case crashDuringNextStep(atOperation: Int, death: ProcessDeath)
    /// The system terminates the running process: `willTerminate`, then the process ends.
    case terminate
    /// A memory warning reaches the running process.
    case memoryWarning
    /// The system grants the submitted background task `identifier`, launching the process in
    /// the background if it is not running.
    case grantBackgroundTask(identifier: String)
    /// The system ends the running background task `identifier` early: its expiration handler
    /// runs, and the watchdog kills the process if the task is not completed within the grace
    /// period.
    case expireBackgroundTask(identifier: String)
    /// Time runs to the deadline of the oldest extra-time lease: its expiration handler runs the
    /// grace period before, and the watchdog kills the process at the deadline if it is not ended.
    case expireExtraTime
    /// A silent push arrives, launching the process in the background if needed.
    case silentPush
    /// Virtual time passes; due timers fire and woken tasks run, deadline by deadline.
    case advance(milliseconds: Int)
    /// Hours pass at once (the device idles); cost nothing in real time.
    case clockJump(hours: Int)
    /// The App Store installs the app's next version (``SimulatedApp/versions``) on the same
    /// disk: a running process is killed without a callback, and every later launch runs the
    /// new version. Legal while the app has a next version.
    case updateApp
    /// While the process is not running, the simulator damages one file on disk.
    case corruptFile(seed: UInt64)
    /// The remote service named `service` (``SimulatedRemoteService/name``) goes down: from this
    /// step until ``serviceUp(service:)`` or the final check, the calls that may fail meet
    /// `failing`. The device keeps it down across process deaths: an app may launch into it.
    case serviceDown(service: String, failing: ServiceOutage)
    /// The remote service named `service`, down, answers again.
    case serviceUp(service: String)
    /// The device's storage fills up (the user's photos, another app): from this step until
    /// ``diskFreed`` or the final check, every write, new file or new directory fails with
    /// `FileSystemError.noSpace` (SQLite: `SQLITE_FULL`), as on a full APFS volume, where even an
    /// overwrite takes new blocks; reads, removals, renames and syncs still work. The device
    /// keeps it full across process deaths: an app may launch into it.
    case diskFull
    /// The device's storage, full, has room again.
    case diskFreed
    /// The user locks the device (legal while it is unlocked): scenes in the foreground go to
    /// the background, a running process hears `protectedDataWillBecomeUnavailable` and the
    /// step's work runs, then files and secrets of the `DataProtection.complete` classes close
    /// (DurableState's `DataProtection`).
    case lock
    /// The user unlocks the device (legal while it is locked): protected data is available
    /// again, and a running process hears `protectedDataDidBecomeAvailable`. No scene comes to
    /// the foreground by itself.
    case unlock
    /// The device restarts: the process dies (what was written survives, as at a kill) and the
    /// device stays locked until the first unlock ("before first user authentication"), when
    /// only `DataProtection.none` data can be read.
    case reboot
    /// The system launches the app ahead of the user (prewarming): the launch callbacks run with
    /// no scene, locked or not, before the first unlock too. Legal only when the process is not
    /// running.
    case prewarm
}

/// How a foreground launch starts. A `Codable` value.
public enum LaunchKind: Hashable, Codable, Sendable {
    /// The user taps the icon.
    case user
    /// The app's deep link number `link` opens the app.
    case link(Int)
    /// The user taps a notification.
    case notification
}

/// How the simulator damages a restoration payload before handing it back: restored data is
/// untrusted input. A `Codable` value.
public enum RestorationMutation: Hashable, Codable, Sendable {
    /// Only the first `keep` bytes survive.
    case truncated(keep: Int)
    /// `count` random bytes drawn from `seed` replace the payload.
    case randomBytes(seed: UInt64, count: Int)
    /// The byte at `index` (modulo the size) is inverted.
    case flippedByte(index: Int)
    /// An empty payload.
    case empty
    /// The app-supplied mutation number `index` (an older schema, ids of deleted records), with
    /// its own random choices drawn from `seed`.
    case app(index: Int, seed: UInt64)
}

/// How the process dies. A `Codable` value.
public enum ProcessDeath: Hashable, Codable, Sendable {
    /// A process kill: what was written survives.
    case kill
    /// A power loss: unsynced writes are lost or damaged by `policy`, choices drawn from `seed`.
    case powerLoss(policy: PowerLossPolicy, seed: UInt64)
}

/// What a power loss does to writes that were not yet synced (DURABILITY.md). A `Codable` value.
public enum PowerLossPolicy: String, Hashable, Codable, Sendable, CaseIterable {
    /// Pending operations reach the disk in order, up to a random point.
    case inOrderPrefix
    /// Pending operations between two sync barriers land in any order, a random subset of them.
    case reorderBetweenBarriers
    /// One pending operation is lost, the others land.
    case dropOnePending
    /// Everything lands but the last pending write, which is cut short.
    case tornLastWrite
    /// Everything lands except renames whose directory was not synced.
    case renameLostWithoutDirectorySync
}
