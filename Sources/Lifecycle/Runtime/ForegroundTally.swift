/// How many of a runtime's scenes are foreground active and foreground inactive: the input of the
/// application phase, kept up to date by the scenes' registries as they change state, so that
/// ``LifecycleRuntime/updateApplicationPhase()`` reads two counters instead of walking (and
/// retaining) every scene on every scene event.
///
/// Created and owned by the ``LifecycleRuntime``, shared with the ``SceneLifecycleRegistry`` of
/// each scene it connects (before that scene leaves `.unattached`). A scene leaves the runtime's
/// `scenes` only once back at `.unattached`, so the counts always equal those of the connected
/// scenes. Lives on the main actor.
@MainActor
final class ForegroundTally {
    /// Scenes in `.foregroundActive`.
    private(set) var active = 0
    /// Scenes in `.foregroundInactive`.
    private(set) var inactive = 0

    /// Records one scene moving from `source` to `destination`.
    func move(from source: SceneState, to destination: SceneState) {
        switch source {
        case .foregroundActive: active &-= 1
        case .foregroundInactive: inactive &-= 1
        default: break
        }
        switch destination {
        case .foregroundActive: active &+= 1
        case .foregroundInactive: inactive &+= 1
        default: break
        }
    }

    /// The aggregate phase of the scenes counted (SwiftUI's rule): active if any scene is
    /// active, else inactive if any is inactive, else background.
    var phase: ScenePhase {
        active > 0 ? .active : inactive > 0 ? .inactive : .background
    }
}
