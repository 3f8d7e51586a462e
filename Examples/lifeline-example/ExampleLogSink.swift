import Foundation
import Lifecycle

/// Forwards the host's log records to the example's event log on the main actor, as they are
/// written (the host logs on the main queue; anything else is hopped there). `Sendable`; owned by
/// `main.swift`.
final class ExampleLogSink: LogSink {
    private let forward: @MainActor @Sendable (LogRecord) -> Void
    /// Marks the main queue, so `write` can tell whether it runs there (under `dispatchMain()` on
    /// Linux the main queue is not drained by the process's first thread).
    private static let mainQueueKey = DispatchSpecificKey<Bool>()

    init(forward: @escaping @MainActor @Sendable (LogRecord) -> Void) {
        self.forward = forward
        DispatchQueue.main.setSpecific(key: Self.mainQueueKey, value: true)
    }

    func write(_ record: LogRecord) {
        if DispatchQueue.getSpecific(key: Self.mainQueueKey) == true {
            MainActor.assumeIsolated { forward(record) }
        } else {
            DispatchQueue.main.async { self.forward(record) }
        }
    }
}

/// A weak reference to the app, filled in once the app exists, so the log sink created before the
/// host can reach it. Lives on the main actor.
@MainActor
final class WeakExampleApp {
    weak var app: ExampleApp?
}
