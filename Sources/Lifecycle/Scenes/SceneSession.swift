import Foundation

/// The stable identity of a scene session: survives disconnection and reconnection, and relaunch.
///
/// Encoded as `{"rawValue": …}`. A `Sendable` value.
public struct SceneSessionID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The identifier's text (UIKit's `persistentIdentifier`).
    public let rawValue: String

    /// Wraps an existing identifier.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A new random identifier.
    public static func random() -> SceneSessionID {
        SceneSessionID(UUID().uuidString)
    }

    /// Orders identities by their text, so that scenes are listed deterministically.
    public static func < (lhs: SceneSessionID, rhs: SceneSessionID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The identifier's text.
    public var description: String { rawValue }
}

/// A scene session: what the system keeps for one window while its scene objects come and go.
///
/// Each connection creates a new ``LifecycleScene`` object with the same session. The restoration
/// payload is the state the app returned when the scene last disconnected or moved to the
/// background; the host keeps it with the session and hands it back at the next connection.
/// A value type owned by the host; `Sendable`.
public struct SceneSession: Hashable, Sendable, Identifiable {
    /// The session's stable identity.
    public let id: SceneSessionID
    /// The kind of scene (`"window"` for an application window).
    public var role: String
    /// Restoration state saved for this session, if any (untrusted input when read back).
    public var restorationPayload: Data?

    /// Creates a session.
    public init(id: SceneSessionID = .random(), role: String = "window", restorationPayload: Data? = nil) {
        self.id = id
        self.role = role
        self.restorationPayload = restorationPayload
    }
}
