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
    /// The screens of scenes that disconnected in this process, still alive at the end of the
    /// step of their disconnection, held weakly: each must be gone by the final check.
    var screensOfDisconnectedScenes: [DisconnectedScreen] = []

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
/// across incarnations, an overrun is a violation and a watchdog kill, the end of the app's
/// background time is marked for the suspension that follows, scene requests are traced. One per incarnation
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

    /// iOS's watchdog: the process dies at the end of the step (nothing of it runs meanwhile),
    /// and the overrun is the run's violation.
    func backgroundTimeOverran(_ work: String) {
        guard context.isAlive(incarnation) else { return }
        let grace = RunContext.milliseconds(.zero.advanced(by: budgets.gracePeriod))
        context.report(
            .backgroundTimeOverran,
            "\(work) was not ended within the \(grace) ms grace period after its expiration handler; the watchdog killed the process"
        )
        context.record("process", "killed by the watchdog (\(work) not ended)")
        context.trippedDeath = .kill
    }

    /// From here on no timer fires (the device freezes the process at once); the work already
    /// running unwinds, and the process is suspended at the end of the step or before time moves
    /// on (`SimulationRun.suspendIfOutOfTime()`).
    func backgroundTimeEnded(after work: String, scope: TaskScope?) {
        guard context.isAlive(incarnation) else { return }
        context.record("device", "background time ended: \(work) was the last")
        context.backgroundTimeEnd = BackgroundTimeEnd(work: work, milliseconds: context.nowMilliseconds, scope: scope?.name)
    }

    func extraTimeBegan(_ lease: ExtraTimeLease) {
        guard context.isAlive(incarnation) else { return }
        context.backgroundTimeEnd = nil
    }
}
