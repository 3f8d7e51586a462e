import Lifecycle

/// A host that records what the runtime asks of it: `"host submit(<id>)"`,
/// `"host overran(<work>)"`, `"host leaseBegan(<name>)"` and so on, in the shared log. Owned by the
/// test (the runtime holds it weakly); lives on the main actor.
@MainActor
public final class RecordingLifecycleHost: LifecycleHost {
    /// Where requests are recorded.
    public let log: LifecycleEventLog
    /// The budgets the runtime enforces.
    public var budgets: BackgroundBudgets
    /// Every request submitted, in order.
    public private(set) var submitted: [BackgroundTaskRequest] = []
    /// Every overrun reported, in order.
    public private(set) var overruns: [String] = []

    /// Creates a host with `budgets` recording to `log`.
    public init(log: LifecycleEventLog, budgets: BackgroundBudgets = .iOS) {
        self.log = log
        self.budgets = budgets
    }

    /// Records `submit(<identifier>)`.
    public func submit(_ request: BackgroundTaskRequest) {
        submitted.append(request)
        log.record("host submit(\(request.identifier))")
    }

    /// Records `cancelRequest(<identifier>)`.
    public func cancelBackgroundTaskRequest(identifier: String) {
        log.record("host cancelRequest(\(identifier))")
    }

    /// Records `requestSceneActivation`.
    public func requestSceneActivation(_ options: ConnectionOptions) {
        log.record("host requestSceneActivation")
    }

    /// Records `requestSceneDestruction(<session>)`.
    public func requestSceneDestruction(_ session: SceneSessionID) {
        log.record("host requestSceneDestruction(\(session))")
    }

    /// Records `overran(<work>)`.
    public func backgroundTimeOverran(_ work: String) {
        overruns.append(work)
        log.record("host overran(\(work))")
    }

    /// Records `backgroundTimeEnded(<work>)`.
    public func backgroundTimeEnded(after work: String, scope: TaskScope?) {
        log.record("host backgroundTimeEnded(\(work))")
    }

    /// Records `leaseBegan(<name>)`.
    public func extraTimeBegan(_ lease: ExtraTimeLease) {
        log.record("host leaseBegan(\(lease.name))")
    }

    /// Records `leaseEnded(<name>)`.
    public func extraTimeEnded(_ lease: ExtraTimeLease) {
        log.record("host leaseEnded(\(lease.name))")
    }
}
