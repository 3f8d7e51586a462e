/// How much background time a host grants each mechanism (LIFECYCLE.md's budgets), and how long
/// before the end an expiration handler runs. A `Sendable` value chosen by the host.
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
    /// How long before the budget ends the expiration handler is called.
    public var expirationWarning: Duration

    /// Creates budgets.
    public init(
        transition: Duration, extraTime: Duration, appRefresh: Duration, processing: Duration,
        silentPush: Duration, expirationWarning: Duration
    ) {
        self.transition = transition
        self.extraTime = extraTime
        self.appRefresh = appRefresh
        self.processing = processing
        self.silentPush = silentPush
        self.expirationWarning = expirationWarning
    }

    /// The budgets of iOS 13 and later, as documented and observed.
    public static let iOS = BackgroundBudgets(
        transition: .seconds(5), extraTime: .seconds(30), appRefresh: .seconds(30),
        processing: .seconds(180), silentPush: .seconds(30), expirationWarning: .seconds(2)
    )

    /// The budget of a background task of `kind`.
    public func budget(for kind: BackgroundTaskRequest.Kind) -> Duration {
        switch kind {
        case .appRefresh: appRefresh
        case .processing: processing
        }
    }
}
