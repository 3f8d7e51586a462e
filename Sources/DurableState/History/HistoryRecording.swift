import Lifecycle

/// How a storage primitive reports to a simulation's history: under its own name (the
/// default), under a name the app chooses, or not at all.
///
/// ```swift
/// PersistentValue(initialValue: "", storage: storage, clock: clock, scope: scene.scope,
///                 name: "draft", history: .key("draft", scene: scene.id))
/// DocumentStore(fileSystem: fileSystem, path: "/data/lists.json", defaultValue: [String](),
///               clock: clock, history: .key("lists"))
/// Preferences(fileSystem: fileSystem, directory: "/data", clock: clock, history: .off)
/// ```
///
/// Name each value once, where it is stored, with the name its screen shows it under
/// (``VisibleValue``). The report goes to the ``StorageHistory`` of the primitive's file system
/// (``FileSystem/storageHistory``), `nil` outside a simulation; ``reporting(to:)`` sends it
/// elsewhere, for storage that has no file system of its own. A value, `Sendable`.
public struct HistoryRecording: Sendable {
    enum Mode: Sendable {
        case automatic
        case off
        case key(HistoryName, HistoryDurability?)
    }

    let mode: Mode
    /// The history chosen by ``reporting(to:)``, if any.
    let history: (any StorageHistory)?
    /// Whether ``reporting(to:)`` chose the history (`nil` included).
    let choosesHistory: Bool

    /// The primitive's own name (its `name`, its file's path, the preference's key) and
    /// durability.
    public static var automatic: HistoryRecording { HistoryRecording(mode: .automatic, history: nil, choosesHistory: false) }

    /// No reports: for storage the user never sees (bookkeeping, caches), or values the app
    /// records by hand.
    public static var off: HistoryRecording { HistoryRecording(mode: .off, history: nil, choosesHistory: false) }

    /// Reports under `name` (of `scene`, for a window's own value), with the primitive's
    /// durability unless `durability` is given.
    public static func key(_ name: String, scene: SceneSessionID? = nil, durability: HistoryDurability? = nil) -> HistoryRecording {
        HistoryRecording(mode: .key(HistoryName(name, scene: scene), durability), history: nil, choosesHistory: false)
    }

    /// The same recording, reported to `history` instead of the file system's.
    public func reporting(to history: (any StorageHistory)?) -> HistoryRecording {
        HistoryRecording(mode: mode, history: history, choosesHistory: true)
    }

    /// The reporter of a primitive named `name` with `durability`, reporting to `fallback`
    /// unless a history was chosen.
    func reporter(name: HistoryName, durability: HistoryDurability, fallback: (any StorageHistory)?) -> HistoryReporter {
        let history = choosesHistory ? history : fallback
        switch mode {
        case .automatic: return HistoryReporter(history: history, name: name, durability: durability)
        case .off: return HistoryReporter(history: nil, name: name, durability: durability)
        case let .key(chosen, chosenDurability):
            return HistoryReporter(history: history, name: chosen, durability: chosenDurability ?? durability)
        }
    }
}
