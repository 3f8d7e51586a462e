#if (canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)) || LIFELINE_APPLE_SHIM
import Lifecycle
#if LIFELINE_APPLE_SHIM
import AppleShim
#else
import SwiftUI
#endif

/// For SwiftUI apps without a scene delegate: forwards a scene's `scenePhase` changes to the
/// runtime as scene transitions. Attach with `.lifelineScene(session:host:)` on the scene's root
/// view; it lives as long as the view. Main actor.
public struct ScenePhaseBridge: ViewModifier {
    @Environment(\.scenePhase) private var scenePhase
    let session: SceneSessionID
    let host: UIKitHost

    /// Creates the bridge for the scene of `session`.
    public init(session: SceneSessionID, host: UIKitHost) {
        self.session = session
        self.host = host
    }

    public func body(content: Content) -> some View {
        content.onChange(of: scenePhase, initial: true) { _, phase in
            let state: SceneState =
                switch phase {
                case .active: .foregroundActive
                case .inactive: .foregroundInactive
                default: .background
                }
            guard let scene = host.runtime.scenes[session], scene.state != state else { return }
            do throws(LifecycleError) {
                try host.runtime.handle(.moveScene(session, to: state))
            } catch {
                host.runtime.logger.error("scenePhase change refused: \(error.description, privacy: .public)")
            }
        }
    }
}

extension View {
    /// Forwards this scene's `scenePhase` to the Lifeline runtime. See ``ScenePhaseBridge``.
    public func lifelineScene(session: SceneSessionID, host: UIKitHost) -> some View {
        modifier(ScenePhaseBridge(session: session, host: host))
    }
}
#endif
