/// SwiftUI's three-valued phase (`ScenePhase`), for one scene or for the whole application.
///
/// The application's phase is the aggregate of its scenes: active if any scene is active,
/// inactive if a scene is in the foreground but none is active, background otherwise.
public enum ScenePhase: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// Not on screen.
    case background
    /// On screen, not receiving events.
    case inactive
    /// On screen and interactive.
    case active

    /// Orders phases `background < inactive < active`.
    public static func < (lhs: ScenePhase, rhs: ScenePhase) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The application phase for scenes in `states` (SwiftUI's aggregate rule).
    public static func aggregate(_ states: some Sequence<SceneState>) -> ScenePhase {
        var result = ScenePhase.background
        for state in states {
            if state == .foregroundActive { return .active }
            if state == .foregroundInactive { result = .inactive }
        }
        return result
    }

    /// The phase's name.
    public var description: String {
        switch self {
        case .background: "background"
        case .inactive: "inactive"
        case .active: "active"
        }
    }
}
