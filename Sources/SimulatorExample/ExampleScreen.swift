import LifecycleSimulator
import LifelineHistory

/// What the user of the example sees, built again only after it changed: every change the
/// screen shows calls ``setNeedsUpdate()`` (like UIKit's `setNeedsLayout`), and the simulator,
/// which asks after every step, gets the same list back otherwise. Owned by ``LibraryExample``
/// and shared with its stores, notes and scene controllers; main actor.
@MainActor
final class ExampleScreen {
    private var shown: [VisibleValue]?

    /// Marks the shown values as stale.
    func setNeedsUpdate() {
        shown = nil
    }

    /// The shown values: the last ones built while nothing changed, else those `build` returns.
    func observations(_ build: () -> [VisibleValue]) -> [VisibleValue] {
        if let shown { return shown }
        let built = build()
        shown = built
        return built
    }
}
