import Foundation
import Lifecycle
import LifelineHistory

/// An app under simulation: how to build one process incarnation of it, what the user can do,
/// what the user can see, and the app's own invariants.
///
/// ```swift
/// var app = SimulatedApp<NotesApp>(name: "Notes") { environment in
///     NotesApp(fileSystem: environment.fileSystem, clock: environment.clock,   // the app's composition root
///              runtime: environment.runtime, screens: environment.screens)
/// }
/// app.actions = [
///     UserAction(name: "type", on: NoteEditor.self, edits: ["note"]) { editor in editor.isEditable }
///         perform: { editor, random in editor.type("w\(random.int(below: 1_000))") },
/// ]
/// ```
///
/// The simulator calls `makeIncarnation` once per launch with a fresh ``SimulationEnvironment``
/// (its runtime, clock, fenced storage, secrets, logger, history recorder and screen registry);
/// the incarnation must take every effect through it. What the user sees is what the screens
/// registered with ``SimulationEnvironment/screens`` show (DurableState's `VisibleValues`), plus
/// whatever ``observe`` adds; what is saved the storage primitives report themselves (see
/// <doc:SimulatingAnApp>). A value owned by the caller; its closures run on the main actor.
public struct SimulatedApp<Incarnation: AnyObject>: Sendable {
    /// A name for reports and repro files.
    public var name: String
    /// The composition root: builds the object graph of one process and wires it to the runtime
    /// (application delegate, scene delegate factory, background-task handlers).
    public var makeIncarnation: @MainActor @Sendable (SimulationEnvironment) -> Incarnation
    /// What the user currently sees that the history checks, besides what the registered screens
    /// show (``SimulationEnvironment/screens``): one `VisibleValue` per loaded value (omit values
    /// still loading). Nothing by default.
    public var observe: @MainActor @Sendable (Incarnation) -> [VisibleValue]
    /// The user's actions, generated only where enabled.
    public var actions: [UserAction<Incarnation>] = []
    /// The app's own invariants, checked after every step while the process runs.
    public var invariants: [AppInvariant<Incarnation>] = []
    /// Whether the app's stores choose data protection classes, so that its device locks,
    /// unlocks, reboots and prewarms it in every search (``SimulationOptions/deviceLocks``,
    /// switched on by the ``Simulator`` for it). Off by default: an app that never thought of
    /// the locked device keeps the schedules it always had.
    public var locksDevice = false
    /// Deep links the app handles (``SimulationEvent/openLink(scene:link:)`` picks one).
    public var links: [URL] = []
    /// App-specific damage to restoration payloads: an older schema, ids of deleted records.
    public var restorationMutations: [RestorationMutator] = []
    /// The app's SQLite databases, checked after every death of the process (see
    /// ``DatabaseCheck``).
    public var databases: [DatabaseCheck] = []
    /// What the device's disk holds when each run begins (by default, nothing): for an app whose
    /// first launch builds a large cache from bundled data, that cache built once per process,
    /// so that every run starts as after an earlier launch instead of rebuilding it. The
    /// ``Simulator``'s default disk starts from it; it is durable (a power loss keeps it).
    public var initialDisk = DiskImage()
    /// Whether DurableState's storage primitives record the app's edits and acknowledgements in
    /// the history themselves (the default: the incarnation's file system answers its
    /// ``HistoryRecorder`` as their `StorageHistory`). Turn it off for an app that records its
    /// whole history by hand, whose keys the primitives' reports would duplicate.
    public var historyFromStorage = true
    /// Directories of the simulated disk that stand for storage off the device — the files of a
    /// service simulated in-process, such as a server's records — which the device's storage
    /// faults (``SimulationEvent/diskFull``) do not reach. The keychain is always off them.
    public var offDeviceDirectories: [String] = []
    /// Configurations of the app that runs spread over (a backend, a feature flag), by name: each
    /// run uses the one its seed draws (a stream of its own, so a replay with the seed gets the
    /// same one), named in its trace and in a failure's report; the composition root reads it
    /// from ``SimulationEnvironment/variant``. Empty (the default): one configuration, and
    /// `variant` is `nil`.
    ///
    /// ```swift
    /// app.variants = ["bundled catalogue", "remote catalogue"]
    /// ```
    public var variants: [String] = []
    /// The app's versions, oldest first, for updates (``SimulationEvent/updateApp``): a run
    /// starts on the first, and each update installs the next on the same disk, as the App
    /// Store does — the composition root reads the one running from
    /// ``SimulationEnvironment/appVersion`` and builds that version's models and migrations.
    /// Empty (the default), or one version: no update is offered, and `appVersion` is the one
    /// version or `nil`.
    ///
    /// ```swift
    /// app.versions = ["1.0", "1.1"]   // 1.1 adds a field to the stored model
    /// ```
    public var versions: [String] = []
    /// What each store promises, by history key name (`draft`, `items`): a key absent promises
    /// to survive a power loss. A loss after a power loss of a key that promises only
    /// ``StorePromise/survivesKill`` is not a finding (see ``StorePromise``); the search's summary
    /// says which promises it assumed.
    public var promises: [String: StorePromise] = [:]

    /// Creates the description of an app whose screens say what they show (DurableState's
    /// `VisibleValues`, registered with ``SimulationEnvironment/screens``).
    public init(name: String, makeIncarnation: @escaping @MainActor @Sendable (SimulationEnvironment) -> Incarnation) {
        self.init(name: name, makeIncarnation: makeIncarnation) { _ in [] }
    }

    /// Creates the description of an app that also lists what the user sees itself.
    public init(
        name: String,
        makeIncarnation: @escaping @MainActor @Sendable (SimulationEnvironment) -> Incarnation,
        observe: @escaping @MainActor @Sendable (Incarnation) -> [VisibleValue]
    ) {
        self.name = name
        self.makeIncarnation = makeIncarnation
        self.observe = observe
    }
}

/// An app invariant: `check` returns a message when it is broken. A value owned by the
/// ``SimulatedApp``; `check` runs on the main actor after every step while the process runs.
public struct AppInvariant<Incarnation: AnyObject>: Sendable {
    /// The invariant's name, which becomes the violation kind `app: <name>`.
    public var name: String
    /// Returns `nil` when the invariant holds, else what is wrong.
    public var check: @MainActor @Sendable (Incarnation) -> String?

    /// Creates an invariant.
    public init(name: String, check: @escaping @MainActor @Sendable (Incarnation) -> String?) {
        self.name = name
        self.check = check
    }
}

/// An app-supplied damage to a restoration payload, such as rewriting it in an older schema or
/// pointing it at a deleted record. A `Sendable` value.
public struct RestorationMutator: Sendable {
    /// A name for traces.
    public var name: String
    /// Returns the damaged payload.
    public var mutate: @Sendable (Data, inout SimulationRandom) -> Data

    /// Creates a mutator.
    public init(name: String, mutate: @escaping @Sendable (Data, inout SimulationRandom) -> Data) {
        self.name = name
        self.mutate = mutate
    }
}
