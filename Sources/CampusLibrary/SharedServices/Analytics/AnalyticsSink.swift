import Lifecycle
import Synchronization

/// Where consented analytics events go (an upload queue in a real app). `Sendable`.
public protocol AnalyticsSink: Sendable {
    /// Records one event.
    func record(_ event: AnalyticsEvent)
}

/// A sink that writes each event to a logger (category `analytics`), for the terminal app.
public struct LoggingAnalyticsSink: AnalyticsSink {
    private let logger: LifelineLogger

    /// Writes to `logger`.
    public init(logger: LifelineLogger) {
        self.logger = logger.category("analytics")
    }

    /// Logs the event's name.
    public func record(_ event: AnalyticsEvent) {
        logger.info("event \(event.rawValue, privacy: .public)")
    }
}

/// A sink that keeps events in memory, for tests and the simulator. Thread-safe (a mutex).
public final class RecordingAnalyticsSink: AnalyticsSink {
    private let storage = Mutex<[AnalyticsEvent]>([])

    /// Creates an empty sink.
    public init() {}

    /// Appends the event.
    public func record(_ event: AnalyticsEvent) {
        storage.withLock { $0.append(event) }
    }

    /// Every event recorded so far, in order.
    public var events: [AnalyticsEvent] { storage.withLock { $0 } }
}
