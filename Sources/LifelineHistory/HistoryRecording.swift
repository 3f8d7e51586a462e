import Lifecycle

/// How a store reports to a simulation's history: under its own name (the default), under a
/// name the app chooses, or not at all.
///
/// ```swift
/// PersistentValue(initialValue: "", storage: storage, clock: clock, scope: scene.scope,
///                 name: "draft", history: .key("draft", scene: scene.id))
/// DocumentStore(storage: environment.storage, path: "/data/lists.json", defaultValue: [String](),
///               clock: clock, history: .key("lists"))
/// Preferences(storage: environment.storage, directory: "/data", clock: clock, history: .off)
/// ```
///
/// Name each value once, where it is stored, with the name its screen shows it under
/// (``VisibleValue``). The reports go to the ``StorageHistory`` of the store's environment
/// (DurableState's `StorageEnvironment`), `nil` outside a simulation. A value, `Sendable`.
public struct HistoryRecording: Sendable {
    enum Mode: Sendable {
        case automatic
        case off
        case key(HistoryKey, Persistence?)
    }

    let mode: Mode

    /// The store's own name (its `name`, its file's path, the preference's key) and persistence.
    public static var automatic: HistoryRecording { HistoryRecording(mode: .automatic) }

    /// No reports: for storage the user never sees (bookkeeping, caches), or values the app
    /// records by hand.
    public static var off: HistoryRecording { HistoryRecording(mode: .off) }

    /// Reports under `name` (of `scene`, for a window's own value), with the store's persistence
    /// unless `persistence` is given.
    public static func key(_ name: String, scene: SceneSessionID? = nil, persistence: Persistence? = nil) -> HistoryRecording {
        HistoryRecording(mode: .key(HistoryKey(name, scene: scene), persistence))
    }

    /// Reports under `key`, with the store's persistence unless `persistence` is given.
    public static func key(_ key: HistoryKey, persistence: Persistence? = nil) -> HistoryRecording {
        HistoryRecording(mode: .key(key, persistence))
    }

    /// The reporter of a store named `name` with `persistence`, reporting to `history`.
    package func reporter(name: HistoryKey, persistence: Persistence, history: (any StorageHistory)?) -> HistoryReporter {
        switch mode {
        case .automatic: return HistoryReporter(history: history, key: name, persistence: persistence)
        case .off: return HistoryReporter(history: nil, key: name, persistence: persistence)
        case let .key(chosen, chosenPersistence):
            return HistoryReporter(history: history, key: chosen, persistence: chosenPersistence ?? persistence)
        }
    }
}
