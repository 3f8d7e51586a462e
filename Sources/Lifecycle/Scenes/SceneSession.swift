import Foundation

/// The stable identity of a scene session: survives disconnection and reconnection, and relaunch.
///
/// Scenes are looked up by identity on every event the runtime dispatches, so an identity keeps
/// a digest of its text, computed once: it hashes the digest, and compares the texts only when
/// the digests agree. Encoded as `{"rawValue": …}`; the digest is never stored. A `Sendable`
/// value.
public struct SceneSessionID: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The identifier's text (UIKit's `persistentIdentifier`).
    public let rawValue: String
    /// FNV-1a of `rawValue`'s UTF-8 bytes.
    private let digest: UInt64

    /// Wraps an existing identifier.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
        self.digest = DigestHashing.digest(of: rawValue)
    }

    /// Equal texts (different digests answer without comparing the texts).
    public static func == (lhs: SceneSessionID, rhs: SceneSessionID) -> Bool {
        lhs.digest == rhs.digest && lhs.rawValue == rhs.rawValue
    }

    /// Mixes the digest (a function of the text alone) into `hasher`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    private enum CodingKeys: String, CodingKey {
        case rawValue
    }

    /// Decodes `{"rawValue": …}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(String.self, forKey: .rawValue))
    }

    /// Encodes `{"rawValue": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rawValue, forKey: .rawValue)
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
