import Lifecycle

/// Names one value the user sees: an app-wide value (`lists`) or a value of one scene session
/// (`draft` of scene S1).
///
/// ```swift
/// let draft = PersistentValue(initialValue: "", storage: storage, clock: clock, scope: scene.scope,
///                             name: "draft", history: .key("draft", scene: scene.id))
/// VisibleValue("draft", scene: scene.id, showing: editor.text)   // what the screen shows, same name
/// ```
///
/// The storage primitives record their edits under it, the screens show their values under it
/// (``VisibleValue``), and the lifecycle simulator checks one against the other. Nothing reads it
/// outside a simulation. A value, `Sendable`.
public struct HistoryKey: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// What the value is, such as `draft` or `items:groceries`.
    public var name: String
    /// The scene session the value belongs to, or `nil` for an app-wide value.
    public var scene: SceneSessionID?

    /// Names a value; pass `scene` for a value each window has its own of.
    public init(_ name: String, scene: SceneSessionID? = nil) {
        self.name = name
        self.scene = scene
    }

    /// An app-wide value named by a literal: `"lists"`.
    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// `name`, or `name@scene` for a scene's value.
    public var description: String {
        scene.map { "\(name)@\($0.rawValue)" } ?? name
    }

    /// Ordered by ``description``, so that keys list the same way in every report.
    public static func < (lhs: HistoryKey, rhs: HistoryKey) -> Bool {
        lhs.description < rhs.description
    }
}
