import DurableState
import Lifecycle

/// Reads and writes ``DevicePreferences`` as one durable document (`preferences.json`).
///
/// Created once per process by the composition root (application lifetime); lives on the main
/// actor. Reads are cached; a failed write is logged and the in-memory value kept, so the app keeps
/// working for this session.
@MainActor
public final class PreferencesStore {
    private let document: JSONDocument<DevicePreferences>
    private let logger: LifelineLogger
    private var cached: DevicePreferences?

    /// Creates the store for `document`.
    public init(document: JSONDocument<DevicePreferences>, logger: LifelineLogger) {
        self.document = document
        self.logger = logger
    }

    /// The current preferences (loaded on first use).
    public var value: DevicePreferences {
        if let cached { return cached }
        let loaded: DevicePreferences
        do {
            loaded = try document.load() ?? DevicePreferences()
        } catch {
            logger.error("Preferences could not be read: \(error.description, privacy: .public)")
            loaded = DevicePreferences()
        }
        cached = loaded
        return loaded
    }

    /// Changes the preferences and saves them durably.
    /// - Returns: whether the change was saved (it is kept in memory either way).
    @discardableResult
    public func update(_ change: (inout DevicePreferences) -> Void) -> Bool {
        var next = value
        change(&next)
        guard next != value else { return true }
        cached = next
        do {
            try document.save(next)
            return true
        } catch {
            logger.error("Preferences could not be saved: \(error.description, privacy: .public)")
            return false
        }
    }
}
