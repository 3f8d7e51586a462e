/// How long a registered service lives, and therefore which scope creates, retains and releases it.
///
/// ```swift
/// registry.register((any BookService).self, lifetime: .application, RemoteBookService.init(client:))
/// registry.register(SceneSelection.self, lifetime: .scene, SceneSelection.init)
/// registry.register(LibraryViewModel.self, lifetime: .screen, LibraryViewModel.init(service:selection:))
/// ```
///
/// Lifetimes are ordered by length: `application > scene > feature > screen > transient`. A
/// service may depend on services that live at least as long as it does. A longer-lived service
/// that holds a shorter-lived one is a *captive dependency*, which ``CompositionRoot/validate()``
/// reports: an application-wide service holding one scene's selection is the textbook's
/// cross-window bug. A transient service takes the shortest lifetime of what it holds.
///
/// A `Sendable` value.
public enum Lifetime: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// A new instance at each resolution. No scope retains it: whoever resolved it owns it.
    case transient = 0
    /// One instance per screen scope: short-lived models and presentation objects.
    case screen = 1
    /// One instance per feature scope: services of one functional area.
    case feature = 2
    /// One instance per scene scope, that is per connected window; released when it disconnects.
    case scene = 3
    /// One instance for the whole process, released when the application scope closes.
    case application = 4

    /// Orders lifetimes by length: a shorter lifetime is less than a longer one.
    public static func < (lhs: Lifetime, rhs: Lifetime) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The lifetime's name: `application`, `scene`, `feature`, `screen` or `transient`.
    public var description: String {
        switch self {
        case .transient: "transient"
        case .screen: "screen"
        case .feature: "feature"
        case .scene: "scene"
        case .application: "application"
        }
    }

    /// Whether a scope of this lifetime exists (every lifetime except ``transient``).
    public var isScope: Bool { self != .transient }

    /// "the application", "a scene", "a feature", "a screen", "a resolution": for messages.
    var phrase: String {
        switch self {
        case .application: "the application"
        case .transient: "a resolution"
        default: "a \(description)"
        }
    }
}
