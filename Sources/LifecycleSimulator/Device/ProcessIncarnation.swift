import Lifecycle

/// One process of the app on the virtual device: its runtime, clock, locks, environment and the
/// object graph the app's composition root built. A relaunch is a new incarnation; a dead one is
/// fenced and never reused.
///
/// Owned by the simulation run while alive; lives on the main actor.
@MainActor
final class ProcessIncarnation {
    let number: Int
    let runtime: LifecycleRuntime
    let clock: VirtualClock
    let locks: SimulatedLocks
    let environment: SimulationEnvironment
    let host: SimulatedHost
    /// The app's object graph; set right after the composition root returns.
    var app: AnyObject?
    /// Observations kept while the incarnation lives.
    var observers: [LifecycleObservation] = []

    init(number: Int, runtime: LifecycleRuntime, clock: VirtualClock, locks: SimulatedLocks, environment: SimulationEnvironment, host: SimulatedHost) {
        self.number = number
        self.runtime = runtime
        self.clock = clock
        self.locks = locks
        self.environment = environment
        self.host = host
    }

    var tracker: WorkTracker { runtime.tracker }
}

/// The virtual device as the runtime's host: background-task requests persist on the device
/// across incarnations, overruns are violations, scene requests are traced. One per incarnation
/// (the runtime holds its host weakly; the incarnation retains it); lives on the main actor.
@MainActor
final class SimulatedHost: LifecycleHost {
    private let context: RunContext
    private let incarnation: Int
    private let onSubmit: @MainActor (BackgroundTaskRequest?, String) -> Void

    init(context: RunContext, incarnation: Int, onSubmit: @escaping @MainActor (BackgroundTaskRequest?, String) -> Void) {
        self.context = context
        self.incarnation = incarnation
        self.onSubmit = onSubmit
    }

    var budgets: BackgroundBudgets { .iOS }

    func submit(_ request: BackgroundTaskRequest) {
        guard context.isAlive(incarnation) else { return }
        context.record("device", "background task requested: \(request.identifier)")
        onSubmit(request, request.identifier)
    }

    func cancelBackgroundTaskRequest(identifier: String) {
        guard context.isAlive(incarnation) else { return }
        context.record("device", "background task request cancelled: \(identifier)")
        onSubmit(nil, identifier)
    }

    func requestSceneActivation(_ options: ConnectionOptions) {
        guard context.isAlive(incarnation) else { return }
        context.record("device", "scene activation requested (not granted by the simulator)")
    }

    func requestSceneDestruction(_ session: SceneSessionID) {
        guard context.isAlive(incarnation) else { return }
        context.record("device", "scene destruction requested for \(session) (not granted by the simulator)")
    }

    func backgroundTimeOverran(_ work: String) {
        guard context.isAlive(incarnation) else { return }
        context.report(.backgroundTimeOverran, "\(work) was not ended before its deadline")
    }
}
