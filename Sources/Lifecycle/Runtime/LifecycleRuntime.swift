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
/// with ``HostEvent``s; a relaunch is a new runtime. Lives on the main actor. Events handed to
/// ``handle(_:)`` while it is already dispatching (from a callback) are queued and handled, in
/// order, once the current one is done.
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
    /// App-wide callbacks; retained.
    public var applicationDelegate: (any ApplicationDelegate)?
    /// Creates the delegate of each new scene object; called just before `willConnect`.
    public var sceneDelegateFactory: (@MainActor (LifecycleScene) -> (any SceneDelegate)?)?

    /// The process-level state.
    public private(set) var processState: ProcessState = .notRunning
    /// The options of the launch, once launched.
    public private(set) var launchOptions: LaunchOptions?
    /// The application phase last dispatched: the aggregate of the scenes' states.
    public private(set) var applicationPhase: ScenePhase = .background
    /// Connected scenes by session.
    public private(set) var scenes: [SceneSessionID: LifecycleScene] = [:]
    /// Sessions this process knows (connected or not), with their latest restoration payloads.
    public private(set) var sessions: [SceneSessionID: SceneSession] = [:]

    var applicationObservers: [(id: Int, handler: @MainActor (ApplicationEvent) -> Void)] = []
    private var nextObserverID = 0
    private var isHandling = false
    /// True from `willFinishLaunching` until `didFinishLaunching` has returned.
    var isHandlingLaunch = false
    private var queuedEvents: [HostEvent] = []
    var backgroundHandlers: [String: @MainActor (BackgroundTask) -> Void] = [:]
    var pendingRequests: [String: BackgroundTaskRequest] = [:]
    var runningBackgroundTasks: [String: BackgroundTask] = [:]
    var activeLeases: [ObjectIdentifier: ExtraTimeLease] = [:]
    var silentPushHandler: (@MainActor ([String: String], @escaping @MainActor () -> Void) -> Void)?
    private var purgeables: [WeakPurgeable] = []
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

    /// Connected scenes ordered by session identity.
    public var connectedScenes: [LifecycleScene] {
        scenes.values.sorted { $0.id < $1.id }
    }

    /// Whether the process has started and not ended (running or suspended).
    public var isAlive: Bool { processState != .notRunning }

    // MARK: Observers

    /// Adds an observer of application events. A late observer is caught up with the launch
    /// events and the phase events leading to the current phase. Upward events reach observers in
    /// addition order, downward ones in reverse.
    @discardableResult
    public func addApplicationObserver(_ handler: @escaping @MainActor (ApplicationEvent) -> Void) -> LifecycleObservation {
        nextObserverID += 1
        let id = nextObserverID
        applicationObservers.append((id, handler))
        if launchOptions != nil {
            handler(.willFinishLaunching)
            handler(.didFinishLaunching)
        }
        for event in ApplicationEvent.phasePath(from: .background, to: applicationPhase) { handler(event) }
        return LifecycleObservation { [weak self] in
            self?.applicationObservers.removeAll { $0.id == id }
        }
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
    ///   changed then. An event handed in during dispatch is queued; its error, if any, is logged.
    public func handle(_ event: HostEvent) throws(LifecycleError) {
        if isHandling {
            queuedEvents.append(event)
            return
        }
        try validate(event)
        isHandling = true
        apply(event)
        while !queuedEvents.isEmpty {
            let next = queuedEvents.removeFirst()
            do throws(LifecycleError) {
                try validate(next)
                apply(next)
            } catch {
                logger.error("Queued event refused: \(error.description, privacy: .public)")
            }
        }
        isHandling = false
    }

    /// Marks the process as killed: no callback runs, every scope is abandoned (its tasks
    /// cancelled), scheduled background deadlines are dropped, and later events are refused.
    /// The simulator calls this to fence an incarnation; a real kill simply ends the process.
    public func markKilled() {
        processState = .notRunning
        for scene in connectedScenes { scene.scope.abandon() }
        for task in runningBackgroundTasks.values { task.scope.abandon() }
        runningBackgroundTasks.removeAll()
        activeLeases.removeAll()
        applicationScope.abandon()
        queuedEvents.removeAll()
    }

    private func validate(_ event: HostEvent) throws(LifecycleError) {
        func requireRunning() throws(LifecycleError) {
            guard processState == .running else {
                throw .illegalProcessTransition(event: event.name, state: processState)
            }
        }
        func requireScene(_ id: SceneSessionID) throws(LifecycleError) -> LifecycleScene {
            guard let scene = scenes[id] else { throw .unknownScene(id, event: event.name) }
            return scene
        }
        switch event {
        case .launch:
            guard processState == .notRunning, launchOptions == nil else {
                throw .illegalProcessTransition(event: event.name, state: processState)
            }
        case .connectScene(let session, _, _):
            try requireRunning()
            guard scenes[session.id] == nil else { throw .sceneAlreadyConnected(session.id) }
        case .moveScene(let id, let state):
            try requireRunning()
            let scene = try requireScene(id)
            guard state != .unattached, state != scene.state else {
                throw .illegalSceneTransition(scene: id, event: event.name, state: scene.state)
            }
        case .disconnectScene(let id):
            try requireRunning()
            _ = try requireScene(id)
        case .discardSessions(let ids):
            try requireRunning()
            if let connected = ids.first(where: { scenes[$0] != nil }) {
                throw .illegalSceneTransition(scene: connected, event: event.name, state: scenes[connected]?.state ?? .unattached)
            }
        case .openURLs(_, let id), .continueActivity(_, let id):
            try requireRunning()
            _ = try requireScene(id)
        case .memoryWarning, .terminate, .silentPush:
            try requireRunning()
        case .suspend:
            try requireRunning()
            if let lease = activeLeases.values.first {
                throw .illegalProcessTransition(event: "suspend (extra-time lease '\(lease.name)' held)", state: processState)
            }
            if let scene = connectedScenes.first(where: { $0.state.isForeground }) {
                throw .illegalSceneTransition(scene: scene.id, event: event.name, state: scene.state)
            }
        case .resume:
            guard processState == .suspended else {
                throw .illegalProcessTransition(event: event.name, state: processState)
            }
        case .runBackgroundTask(let identifier):
            try requireRunning()
            guard backgroundHandlers[identifier] != nil else { throw .unregisteredBackgroundTask(identifier) }
        case .expireBackgroundTask(let identifier):
            try requireRunning()
            guard runningBackgroundTasks[identifier] != nil else { throw .backgroundTaskNotRunning(identifier) }
        }
    }

    private func apply(_ event: HostEvent) {
        switch event {
        case .launch(let options):
            processState = .running
            launchOptions = options
            isHandlingLaunch = true
            applicationDelegate?.willFinishLaunching(self, options: options)
            dispatch(.willFinishLaunching)
            applicationDelegate?.didFinishLaunching(self, options: options)
            dispatch(.didFinishLaunching)
            isHandlingLaunch = false
            if !options.discardedSessions.isEmpty { discard(options.discardedSessions) }
        case .connectScene(let session, let options, let foreground):
            connect(session, options: options, foreground: foreground)
        case .moveScene(let id, let state):
            scenes[id]?.registry.move(to: state)
        case .disconnectScene(let id):
            disconnect(id)
        case .discardSessions(let ids):
            discard(ids)
        case .openURLs(let urls, let id):
            if let scene = scenes[id] { scene.delegate?.scene(scene, openURLs: urls) }
        case .continueActivity(let activity, let id):
            if let scene = scenes[id] { scene.delegate?.scene(scene, continue: activity) }
        case .memoryWarning:
            applicationDelegate?.didReceiveMemoryWarning(self)
            for purgeable in purgeables { purgeable.value?.purge() }
            dispatch(.didReceiveMemoryWarning)
        case .suspend:
            processState = .suspended
        case .resume:
            processState = .running
        case .terminate:
            applicationDelegate?.willTerminate(self)
            dispatch(.willTerminate)
            markKilled()
        case .runBackgroundTask(let identifier):
            startBackgroundTask(identifier)
        case .expireBackgroundTask(let identifier):
            runningBackgroundTasks[identifier]?.expire()
        case .silentPush(let payload):
            deliverSilentPush(payload)
        }
    }

    private func connect(_ session: SceneSession, options: ConnectionOptions, foreground: Bool) {
        sessions[session.id] = session
        let scene = LifecycleScene(session: session, options: options, tracker: tracker)
        scenes[session.id] = scene
        scene.attach(delegate: sceneDelegateFactory?(scene))
        scene.registry.didDispatch = { [weak self, unowned scene] event in
            self?.sceneDidDispatch(event, scene: scene)
        }
        scene.registry.move(to: foreground ? .foregroundInactive : .background)
    }

    private func sceneDidDispatch(_ event: SceneEvent, scene: LifecycleScene) {
        if event == .didEnterBackground {
            scene.requestRestorationPayload()
            sessions[scene.id] = scene.session
        }
        scene.publishPhase()
        updateApplicationPhase()
    }

    private func disconnect(_ id: SceneSessionID) {
        guard let scene = scenes[id] else { return }
        scene.registry.move(to: .background)
        scene.requestRestorationPayload()
        sessions[id] = scene.session
        scene.registry.move(to: .unattached)
        scenes[id] = nil
        scene.finishDisconnect()
        updateApplicationPhase()
    }

    private func discard(_ ids: [SceneSessionID]) {
        for id in ids { sessions[id] = nil }
        applicationDelegate?.didDiscardSessions(self, sessions: ids)
        dispatch(.didDiscardSessions(ids))
    }

    private func updateApplicationPhase() {
        let phase = ScenePhase.aggregate(scenes.values.map(\.state))
        guard phase != applicationPhase else { return }
        for event in ApplicationEvent.phasePath(from: applicationPhase, to: phase) {
            applicationPhase = event.phaseReached ?? applicationPhase
            dispatch(event)
        }
    }

    func dispatch(_ event: ApplicationEvent) {
        let observers = event.isDownward ? applicationObservers.reversed() : applicationObservers
        for observer in observers where applicationObservers.contains(where: { $0.id == observer.id }) {
            observer.handler(event)
        }
    }
}

private struct WeakPurgeable {
    weak var value: (any MemoryPurgeable)?
}

extension ApplicationEvent {
    /// The application phase an aggregate phase event reaches.
    var phaseReached: ScenePhase? {
        switch self {
        case .willEnterForeground, .willResignActive: .inactive
        case .didBecomeActive: .active
        case .didEnterBackground: .background
        default: nil
        }
    }

    /// Whether observers hear the event in reverse order of addition.
    var isDownward: Bool {
        switch self {
        case .willResignActive, .didEnterBackground, .willTerminate: true
        default: false
        }
    }
}
