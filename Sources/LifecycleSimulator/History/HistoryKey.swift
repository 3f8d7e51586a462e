import DurableState
import Lifecycle

/// Names one user-visible value in the history: an app-wide value (`basket`) or a value of one
/// scene session (`note` of scene S1). A `Sendable` value.
public struct HistoryKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// What the value is, such as `note` or `selection`.
    public var name: String { didSet { digest = Self.digest(name, scene) } }
    /// The scene session the value belongs to, or `nil` for an app-wide value.
    public var scene: SceneSessionID? { didSet { digest = Self.digest(name, scene) } }
    /// FNV-1a of the name and scene, computed once: the checks look keys up in dictionaries on
    /// every step, and hashing one word is much cheaper than hashing two strings.
    private var digest: UInt64

    /// Creates a key.
    public init(_ name: String, scene: SceneSessionID? = nil) {
        self.name = name
        self.scene = scene
        self.digest = Self.digest(name, scene)
    }

    /// The key of a value the storage primitives and the screens name with DurableState's
    /// `HistoryName`.
    public init(_ name: HistoryName) {
        self.init(name.name, scene: name.scene)
    }

    /// Equal when the names and the scenes are equal.
    public static func == (lhs: HistoryKey, rhs: HistoryKey) -> Bool {
        lhs.digest == rhs.digest && lhs.name == rhs.name && lhs.scene == rhs.scene
    }

    /// Mixes in the precomputed digest of the name and scene.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    /// The hash dictionaries and sets place the key by: the digest mixed with the table's seed,
    /// without a `Hasher` run (the checks look keys up on every step).
    public func _rawHashValue(seed: Int) -> Int {
        DigestHashing.rawHashValue(of: digest, seed: seed)
    }

    public static func < (lhs: HistoryKey, rhs: HistoryKey) -> Bool {
        lhs.description < rhs.description
    }

    public var description: String {
        scene.map { "\(name)@\($0.rawValue)" } ?? name
    }

    private static func digest(_ name: String, _ scene: SceneSessionID?) -> UInt64 {
        var hash = FNV1a64(name)
        if let scene {
            hash.combine(byte: 0)
            hash.combine(scene.rawValue)
        }
        return hash.value
    }
}

/// What the history promises about a key's value across process deaths. The storage primitives
/// report with DurableState's `HistoryDurability`, its twin (``init(_:)``).
public enum Durability: Sendable, Hashable {
    /// Saved data: no acknowledged edit may be lost, an unacknowledged one is whole or absent.
    case durable
    /// Best-effort state (a selection, restoration): only leaks and phantoms are violations.
    case ephemeral
    /// A scene's restoration state, kept by the system with the scene's session: an edit is
    /// acknowledged once the scene has entered the background or disconnected and the app has
    /// settled (iOS may end the process without a word from then on), when the simulator
    /// captures the scene's restoration payload, or when the app saves it (DurableState's
    /// `RestorationStore`); not by the inactive rule. After a relaunch the scene shows the
    /// captured value or a later one; absent only when the payload was damaged.
    case restorable
    /// A value the app saves by a request to its service (a sign-in): checked like `durable` after a
    /// relaunch, but acknowledged only when the app says so (or by the liveness wait), never by the
    /// inactive rule — going inactive flushes writes, it does not complete a request in flight. While
    /// the request is in flight the screen may show the value before it (a request can fail or be
    /// abandoned), so the edit is not one the screen must show at once.
    case requested

    /// The durability a storage primitive reported.
    public init(_ durability: HistoryDurability) {
        switch durability {
        case .durable: self = .durable
        case .ephemeral: self = .ephemeral
        case .restorable: self = .restorable
        case .requested: self = .requested
        }
    }
}
