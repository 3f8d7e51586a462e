import Foundation

/// The lifecycle runtime of one process incarnation: scenes and their state machines, the derived
/// application phase, ordered dispatch to delegates and observers, lifecycle-bound task scopes,
/// background work, routing and memory warnings.
///
/// ```swift
/// let runtime = LifecycleRuntime(clock: SystemClock())
/// runtime.applicationDelegate = appDelegate
/// runtime.sceneDelegateFactory = { scene in WindowController(scene: scene, services: services) }
/// try runtime.handle(.launch(LaunchOptions()))          // the host does this
/// ```
///
/// A host (the process host, the simulator, the UIKit adapter) creates and owns it and drives it
/// with ``HostEvent``s; a relaunch is a new runtime. Lives on the main actor.
///
/// Reentrancy: an event handed to ``handle(_:)`` from inside a callback is queued and handled, in
/// order, once the current one is done (its error, if any, is logged), with one exception taken
/// from androidx: a `moveScene` for the scene whose events are being dispatched retargets that
/// dispatch, which finishes the current event and then converges on the latest requested state.
@MainActor
public final class LifecycleRuntime {
    /// The clock every deadline of this process goes through.
    public let clock: any LifelineClock
    /// Counts the app's tasks, so the host knows when the app is quiescent.
    public let tracker: WorkTracker
    /// Where lifecycle and restoration failures are reported.
    public let logger: LifelineLogger
    /// Work bound to the process; abandoned (cancelled) when the process ends.
    public let applicationScope: TaskScope
    /// The host that drives this runtime.
    public weak var host: (any LifecycleHost)?
    /// App-wide callbacks; retained until the process ends.
    public var applicationDelegate: (any ApplicationDelegate)?
    /// Creates the delegate of each new scene object; called just before `willConnect`.
    public var sceneDelegateFactory: (@MainActor (LifecycleScene) -> (any SceneDelegate)?)?

    /// The process-level state.
    public var processState: ProcessState { state }
    /// The storage behind ``processState``.
    var state: ProcessState = .notRunning
    /// The options of the launch, once launched.
    public internal(set) var launchOptions: LaunchOptions?
    // Both tables start with room for three scenes: most incarnations connect one to three.
    /// Connected scenes by session.
    public internal(set) var scenes: [SceneSessionID: LifecycleScene] = Dictionary(minimumCapacity: 3)
    /// Sessions this process knows (connected or not), with their latest restoration payloads.
    public internal(set) var sessions: [SceneSessionID: SceneSession] = Dictionary(minimumCapacity: 3) {
        didSet { sessionWrites &+= 1 }
    }
    private var sessionWrites = 0
    /// Bumped by every write of ``sessions`` (even one storing an equal value), so a reader can
    /// tell that the sessions are the ones it last read (the simulator skips copying payloads
    /// that have not changed).
    package var sessionRevision: Int { sessionWrites }
    /// The connected scene of session `id`, if any: ``scenes``'s entry, without copying the table.
    package func connectedScene(_ id: SceneSessionID) -> LifecycleScene? { scenes[id] }

    /// Application observers and the launch stage and phase they were told about.
    let applicationRegistry = ApplicationLifecycleRegistry()
    /// The live sequences of the application phase (``applicationPhaseChanges``).
    let applicationPhaseBroadcaster = PhaseBroadcaster()
    /// How many connected scenes are in the foreground: the input of the application phase.
    let foregroundTally = ForegroundTally()
    /// True while an event (or a late observer's catch-up) is being dispatched; host events
    /// handed in meanwhile are queued.
    private var isHandling = false
    /// Set by ``markKilled()``: the incarnation is over and can never launch.
    private(set) var wasKilled = false
    /// True from `willFinishLaunching` until `didFinishLaunching` has returned.
    var isHandlingLaunch = false
    /// Host events handed in during dispatch, handled in order once it is over.
    private var queuedEvents: [HostEvent] = []
    var backgroundHandlers: [String: @MainActor (BackgroundTask) -> Void] = [:]
    var pendingRequests: [String: BackgroundTaskRequest] = [:]
    var runningBackgroundTasks: [String: BackgroundTask] = [:]
    /// Leases not ended, in the order they were taken.
    var activeLeases: [ExtraTimeLease] = []
    var silentPushHandler: (@MainActor ([String: String], @escaping @MainActor () -> Void) -> Void)?
    /// Deadline timers of silent pushes whose completion has not been called, by push number.
    var pendingSilentPushes: [Int: ScheduledAction] = [:]
    var silentPushCount = 0
    var purgeables: [WeakPurgeable] = []
    private let defaultBudgets: BackgroundBudgets

    /// Creates the runtime of a process that has not launched yet.
    public init(
        clock: any LifelineClock,
        tracker: WorkTracker = WorkTracker(),
        logger: LifelineLogger = .disabled,
        budgets: BackgroundBudgets = .iOS
    ) {
        self.clock = clock
        self.tracker = tracker
        self.logger = logger.category("lifecycle")
        self.defaultBudgets = budgets
        self.applicationScope = TaskScope(name: "application", tracker: tracker)
    }

    /// Budgets in force: the host's, or those given at creation.
    public var budgets: BackgroundBudgets { host?.budgets ?? defaultBudgets }

    /// The application phase last dispatched: the aggregate of the scenes' states.
    public var applicationPhase: ScenePhase { applicationRegistry.phase }

    /// The application phase's changes as an async sequence, without the current phase: what
    /// SwiftUI's `.onChange(of: scenePhase)` reports in an `App`'s body — the aggregate of the
    /// scenes (active if one is active, inactive if one is in the foreground, else background),
    /// each step reported in order (`.inactive` between `.active` and `.background`).
    ///
    /// It finishes when the process ends. Waiting on it counts as parked for the simulator.
    public var applicationPhaseChanges: ScenePhaseSequence {
        applicationPhaseBroadcaster.makeSequence(current: applicationPhase, reportsCurrent: false, finished: false, tracker: tracker)
    }

    /// Connected scenes ordered by session identity.
    public var connectedScenes: [LifecycleScene] {
        scenes.values.sorted { $0.id < $1.id }
    }

    /// Whether the process has started and not ended (running or suspended).
    public var isAlive: Bool { processState != .notRunning }

    // MARK: Observers

    /// Adds an observer of application events. A late observer is caught up with the launch
    /// events and the phase events leading to the current phase; moments (memory warnings,
    /// discarded sessions, `willTerminate`) are never replayed. Upward events reach observers in
    /// addition order, downward ones in reverse.
    @discardableResult
    public func addApplicationObserver(_ handler: @escaping @MainActor (ApplicationEvent) -> Void) -> LifecycleObservation {
        exclusively { applicationRegistry.add(handler) }
    }

    /// Registers a cache to purge on memory warnings (held weakly).
    public func registerPurgeable(_ purgeable: any MemoryPurgeable) {
        purgeables.removeAll { $0.value == nil }
        purgeables.append(WeakPurgeable(value: purgeable))
    }

    /// Asks the host for a new scene (window).
    public func requestSceneActivation(_ options: ConnectionOptions = .none) {
        host?.requestSceneActivation(options)
    }

    /// Asks the host to close the scene of `session`.
    public func requestSceneDestruction(_ session: SceneSessionID) {
        host?.requestSceneDestruction(session)
    }

    // MARK: Host events

    /// Handles one host event.
    ///
    /// - Throws: ``LifecycleError`` when the event is illegal in the current state; nothing has
    ///   changed then. An event handed in during dispatch is queued and its error, if any, logged;
    ///   a `moveScene` retargeting the scene being dispatched is validated at once.
    public func handle(_ event: HostEvent) throws(LifecycleError) {
        if isHandling {
            if case let .moveScene(id, state) = event, let scene = scenes[id], scene.registry.isConverging {
                try validateRetarget(scene, to: state, event: event)
                scene.registry.retarget(to: state)
            } else {
                queuedEvents.append(event)
            }
            return
        }
        try validate(event)
        exclusively { apply(event) }
    }

    /// Marks the process as killed: no callback runs, every scope is abandoned (its tasks
    /// cancelled), scheduled background deadlines are dropped, observers and what the app handed
    /// in (delegates, the scene factory, task and push handlers) are released, and later events
    /// are refused. The simulator calls this to fence an incarnation; a real kill simply ends the
    /// process.
    public func markKilled() {
        state = .notRunning
        wasKilled = true
        queuedEvents.removeAll()
        // Halted in session order; one scene (the usual case) needs no sorted copy.
        if scenes.count <= 1 {
            for scene in scenes.values { scene.halt() }
        } else {
            for scene in connectedScenes { scene.halt() }
        }
        applicationRegistry.close()
        applicationPhaseBroadcaster.finish()
        // Most incarnations never run one: skip sorting (and allocating) an empty table.
        if !runningBackgroundTasks.isEmpty {
            for task in runningBackgroundTasks.values.sorted(by: { $0.identifier < $1.identifier }) { task.abandon() }
            runningBackgroundTasks.removeAll()
        }
        for lease in activeLeases { lease.abandon() }
        activeLeases.removeAll()
        for timer in pendingSilentPushes.values { timer.cancel() }
        pendingSilentPushes.removeAll()
        applicationScope.abandon()
        releaseCallbacks()
    }

    /// Runs `body` as dispatch: host events handed in meanwhile are queued, then handled in order
    /// once `body` returns. Nested calls just run `body`.
    func exclusively<T>(_ body: () -> T) -> T {
        guard !isHandling else { return body() }
        isHandling = true
        defer { isHandling = false }
        let result = body()
        while !queuedEvents.isEmpty {
            let next = queuedEvents.removeFirst()
            do throws(LifecycleError) {
                try validate(next)
                apply(next)
            } catch {
                logger.error("Queued event refused: \(error.description, privacy: .public)")
            }
        }
        return result
    }
}

/// A weak reference to a registered ``MemoryPurgeable``.
struct WeakPurgeable {
    weak var value: (any MemoryPurgeable)?
}
