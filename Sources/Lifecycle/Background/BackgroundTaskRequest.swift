/// A request for background execution time (`BGAppRefreshTaskRequest` /
/// `BGProcessingTaskRequest`). The host grants it at its discretion; the earliest-begin instant is
/// only a lower bound. A `Sendable` value.
public struct BackgroundTaskRequest: Hashable, Sendable {
    /// The kind of background work.
    public enum Kind: Hashable, Sendable {
        /// Short work to refresh content (up to ~30 s).
        case appRefresh
        /// Longer deferrable work, only when the device is idle.
        case processing(requiresExternalPower: Bool, requiresNetwork: Bool)
    }

    /// The identifier a handler was registered under.
    public var identifier: String
    /// The kind of work.
    public var kind: Kind
    /// Not before this instant of the runtime's clock (`nil`: whenever the system likes).
    public var earliestBegin: LifelineInstant?

    /// Creates a request.
    public init(identifier: String, kind: Kind = .appRefresh, earliestBegin: LifelineInstant? = nil) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBegin = earliestBegin
    }
}
