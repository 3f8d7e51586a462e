/// How much background time a host grants each mechanism (LIFECYCLE.md's budgets), and the grace
/// period between an expiration handler and the deadline. A `Sendable` value chosen by the host.
///
/// The rules the runtime applies with them (see <doc:LifecycleSemantics>): a background task's or
/// an extra-time lease's expiration handler runs ``gracePeriod`` before its deadline (or at once,
/// when the system ends a task early); work not ended by the deadline is reported to the host
/// (``LifecycleHost/backgroundTimeOverran(_:)``), and iOS's watchdog kills the process.
public struct BackgroundBudgets: Hashable, Sendable {
    /// Time to return from `didEnterBackground` and `willTerminate` (~5 s on iOS).
    public var transition: Duration
    /// An extra-time lease (`beginBackgroundTask`, ~30 s on iOS 13+).
    public var extraTime: Duration
    /// An app-refresh task (up to 30 s).
    public var appRefresh: Duration
    /// A processing task (minutes, while idle).
    public var processing: Duration
    /// A silent push's completion deadline (30 s).
    public var silentPush: Duration
    /// How long before the budget ends the expiration handler is called: the time the app has to
    /// end its work (complete the task, end the lease) before the watchdog kills the process. A
    /// task the system ends early has this long from the moment it is ended.
    public var gracePeriod: Duration

    /// Creates budgets.
    public init(
        transition: Duration, extraTime: Duration, appRefresh: Duration, processing: Duration,
        silentPush: Duration, gracePeriod: Duration
    ) {
        self.transition = transition
        self.extraTime = extraTime
        self.appRefresh = appRefresh
        self.processing = processing
        self.silentPush = silentPush
        self.gracePeriod = gracePeriod
    }

    /// The budgets of iOS 13 and later, as documented and observed.
    public static let iOS = BackgroundBudgets(
        transition: .seconds(5), extraTime: .seconds(30), appRefresh: .seconds(30),
        processing: .seconds(180), silentPush: .seconds(30), gracePeriod: .seconds(2)
    )

    /// The budget of a background task of `kind`.
    public func budget(for kind: BackgroundTaskRequest.Kind) -> Duration {
        switch kind {
        case .appRefresh: appRefresh
        case .processing: processing
        }
    }
}
