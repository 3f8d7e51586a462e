/// The state of one scene, with UIKit's meaning (`UIScene.ActivationState`).
///
/// States are ordered `unattached < background < foregroundInactive < foregroundActive`; every
/// transition moves one step along that order and is delivered as one ``SceneEvent``. A jump
/// between non-adjacent states is delivered as the sequence of intermediate events.
public enum SceneState: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// Not connected: before `willConnect`, and again after `didDisconnect`.
    case unattached
    /// Connected but not on screen.
    case background
    /// On screen but not receiving events (an interruption, the app switcher, launch).
    case foregroundInactive
    /// On screen and interactive.
    case foregroundActive

    /// Orders states `unattached < background < foregroundInactive < foregroundActive`.
    public static func < (lhs: SceneState, rhs: SceneState) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The SwiftUI-style phase of a scene in this state (`nil` when unattached).
    public var phase: ScenePhase? {
        switch self {
        case .unattached: nil
        case .background: .background
        case .foregroundInactive: .inactive
        case .foregroundActive: .active
        }
    }

    /// Whether the scene is on screen.
    public var isForeground: Bool { self >= .foregroundInactive }

    /// The state's name.
    public var description: String {
        switch self {
        case .unattached: "unattached"
        case .background: "background"
        case .foregroundInactive: "foregroundInactive"
        case .foregroundActive: "foregroundActive"
        }
    }
}
