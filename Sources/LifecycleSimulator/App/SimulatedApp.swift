import Foundation
import Lifecycle

/// An app under simulation: how to build one process incarnation of it, what the user can do,
/// what the user can see, and the app's own invariants.
///
/// ```swift
/// let app = SimulatedApp<NotesIncarnation>(name: "Notes") { environment in
///     NotesIncarnation(environment: environment)        // the app's composition root
/// } observe: { notes in
///     notes.visibleValues                                // [Observation]
/// }
/// app.actions = [.init(name: "edit note") { _ in true } perform: { context, random in … }]
/// ```
///
/// The simulator calls `makeIncarnation` once per launch with a fresh ``SimulationEnvironment``
/// (its runtime, clock, fenced storage, secrets, logger and history recorder); the incarnation
/// must take every effect through it. A value owned by the caller; its closures run on the
/// main actor.
public struct SimulatedApp<Incarnation: AnyObject>: Sendable {
    /// A name for reports and repro files.
    public var name: String
    /// The composition root: builds the object graph of one process and wires it to the runtime
    /// (application delegate, scene delegate factory, background-task handlers).
    public var makeIncarnation: @MainActor @Sendable (SimulationEnvironment) -> Incarnation
    /// What the user currently sees that the history checks: one ``Observation`` per loaded value
    /// (omit values still loading).
    public var observe: @MainActor @Sendable (Incarnation) -> [Observation]
    /// The user's actions, generated only where enabled.
    public var actions: [UserAction<Incarnation>] = []
    /// The app's own invariants, checked after every step while the process runs.
    public var invariants: [AppInvariant<Incarnation>] = []
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

    /// Creates the description of an app.
    public init(
        name: String,
        makeIncarnation: @escaping @MainActor @Sendable (SimulationEnvironment) -> Incarnation,
        observe: @escaping @MainActor @Sendable (Incarnation) -> [Observation]
    ) {
        self.name = name
        self.makeIncarnation = makeIncarnation
        self.observe = observe
    }
}

/// A user action the explorer can interleave with OS events: enabled by a precondition, performed
/// in an active scene with its own random choices. A value owned by the ``SimulatedApp``.
public struct UserAction<Incarnation: AnyObject>: Sendable {
    /// The action's name in schedules and reports, such as `edit note`.
    public var name: String
    /// Relative weight among enabled actions.
    public var weight: Int
    /// Whether the user can perform the action now (a loaded screen, a selected book…).
    public var isEnabled: @MainActor @Sendable (UserActionContext<Incarnation>) -> Bool
    /// Performs the action; draws its choices from the generator it is given.
    public var perform: @MainActor @Sendable (UserActionContext<Incarnation>, inout SimulationRandom) -> Void

    /// Creates an action.
    public init(
        name: String,
        weight: Int = 1,
        isEnabled: @escaping @MainActor @Sendable (UserActionContext<Incarnation>) -> Bool,
        perform: @escaping @MainActor @Sendable (UserActionContext<Incarnation>, inout SimulationRandom) -> Void
    ) {
        self.name = name
        self.weight = weight
        self.isEnabled = isEnabled
        self.perform = perform
    }
}

/// Where a user action happens: the incarnation, the active scene the user touches and the
/// environment. Valid only during the call it is passed to; main actor.
@MainActor
public struct UserActionContext<Incarnation: AnyObject> {
    /// The app's object graph in the running process.
    public let incarnation: Incarnation
    /// The active scene the user acts in.
    public let scene: LifecycleScene
    /// The environment of the running process.
    public let environment: SimulationEnvironment
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

/// One value the user can see, for the history checks. A `Sendable` value.
public struct Observation: Hashable, Sendable {
    /// Which value: the same key the app used when it recorded the edits.
    public var key: HistoryKey
    /// What is shown (`nil` for nothing, such as an empty note or no selection).
    public var value: String?

    /// Creates an observation.
    public init(key: HistoryKey, value: String?) {
        self.key = key
        self.value = value
    }
}
