/// One step of a scene's state machine, named after the UIKit scene-delegate callback it produces.
public enum SceneEvent: Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// `unattached → background`: `scene(_:willConnectTo:options:)`.
    case willConnect
    /// `background → foregroundInactive`: `sceneWillEnterForeground(_:)`.
    case willEnterForeground
    /// `foregroundInactive → foregroundActive`: `sceneDidBecomeActive(_:)`.
    case didBecomeActive
    /// `foregroundActive → foregroundInactive`: `sceneWillResignActive(_:)`.
    case willResignActive
    /// `foregroundInactive → background`: `sceneDidEnterBackground(_:)`.
    case didEnterBackground
    /// `background → unattached`: `sceneDidDisconnect(_:)`.
    case didDisconnect

    /// The state the event leaves.
    public var source: SceneState {
        switch self {
        case .willConnect: .unattached
        case .willEnterForeground: .background
        case .didBecomeActive: .foregroundInactive
        case .willResignActive: .foregroundActive
        case .didEnterBackground: .foregroundInactive
        case .didDisconnect: .background
        }
    }

    /// The state the event reaches.
    public var destination: SceneState {
        switch self {
        case .willConnect: .background
        case .willEnterForeground: .foregroundInactive
        case .didBecomeActive: .foregroundActive
        case .willResignActive: .foregroundInactive
        case .didEnterBackground: .background
        case .didDisconnect: .unattached
        }
    }

    /// Whether the event moves up the state order (delivered to observers in addition order).
    public var isUpward: Bool { destination > source }

    /// The single event that moves one step from `state` toward `target`, or `nil` if they are equal.
    public static func step(from state: SceneState, toward target: SceneState) -> SceneEvent? {
        if target > state {
            switch state {
            case .unattached: return .willConnect
            case .background: return .willEnterForeground
            case .foregroundInactive: return .didBecomeActive
            case .foregroundActive: return nil
            }
        } else if target < state {
            switch state {
            case .unattached: return nil
            case .background: return .didDisconnect
            case .foregroundInactive: return .didEnterBackground
            case .foregroundActive: return .willResignActive
            }
        }
        return nil
    }

    /// The ordered events that lead from `state` to `target` (empty if equal).
    public static func path(from state: SceneState, to target: SceneState) -> [SceneEvent] {
        var events: [SceneEvent] = []
        var current = state
        while let event = step(from: current, toward: target) {
            events.append(event)
            current = event.destination
        }
        return events
    }

    /// The callback's name, such as `didBecomeActive`.
    public var description: String {
        switch self {
        case .willConnect: "willConnect"
        case .willEnterForeground: "willEnterForeground"
        case .didBecomeActive: "didBecomeActive"
        case .willResignActive: "willResignActive"
        case .didEnterBackground: "didEnterBackground"
        case .didDisconnect: "didDisconnect"
        }
    }
}
