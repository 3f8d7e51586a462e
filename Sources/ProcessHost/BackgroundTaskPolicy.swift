/// When ``ProcessHost`` grants the background-task requests the app submits.
///
/// A real process has no system scheduler deciding when refresh or processing work may run, so the
/// host stands in for one: a request is granted `delay` after its earliest-begin instant (or after
/// submission when it has none), while the process runs. A request that falls due while the process
/// is stopped is granted right after it resumes. A `Sendable` value chosen by the app.
public struct BackgroundTaskPolicy: Hashable, Sendable {
    /// Whether requests are granted at all.
    public var grantsRequests: Bool
    /// How long after the earliest begin (or the submission) a request is granted.
    public var delay: Duration

    /// Creates a policy.
    public init(grantsRequests: Bool = true, delay: Duration = .zero) {
        self.grantsRequests = grantsRequests
        self.delay = delay
    }

    /// Grant each request as soon as its earliest begin has passed.
    public static let asSoonAsAllowed = BackgroundTaskPolicy()

    /// Never grant requests (the system declined them all).
    public static let never = BackgroundTaskPolicy(grantsRequests: false)
}
