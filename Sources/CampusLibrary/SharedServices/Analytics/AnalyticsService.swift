import DurableState
import Lifecycle
import Observation

/// Analytics that collect nothing before consent: events are dropped (not queued) while consent is
/// undecided or refused, and nothing is set up merely because the app launched.
///
/// Created once by the composition root (application lifetime); lives on the main actor.
@Observable
@MainActor
public final class AnalyticsService {
    @ObservationIgnored private let preferences: Preferences
    @ObservationIgnored private let logger: LifelineLogger
    @ObservationIgnored private let sink: any AnalyticsSink
    /// Mirrors the stored consent so the interface can observe it.
    public private(set) var consent: Bool?

    /// Creates the service; the stored consent is read now.
    public init(preferences: Preferences, sink: any AnalyticsSink, logger: LifelineLogger) {
        self.preferences = preferences
        self.sink = sink
        self.logger = logger.category("analytics")
        self.consent = preferences[.analyticsConsent]
    }

    /// Whether events are being recorded.
    public var isCollecting: Bool { consent == true }

    /// Records the student's choice.
    public func setConsent(_ granted: Bool) {
        consent = granted
        preferences.set(granted, for: .analyticsConsent, logger: logger)
    }

    /// Records `event` if the student consented; otherwise drops it.
    public func track(_ event: AnalyticsEvent) {
        guard isCollecting else { return }
        sink.record(event)
    }
}
