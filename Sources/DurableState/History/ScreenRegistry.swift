import Lifecycle

/// The screens an app has open, as a simulation sees them: view models register when they are
/// created, held weakly, so a screen the app releases leaves the registry with it.
///
/// ```swift
/// let editor = NoteEditorModel(note: note, screens: environment.screens)   // registers itself
/// screens.visibleValues                    // what every open screen shows, in registration order
/// screens.screen(NoteEditorModel.self, in: sceneID)   // the editor open in that window, if any
/// ```
///
/// The lifecycle simulator gives each process incarnation one (`SimulationEnvironment.screens`)
/// and checks what the registered screens show against its history; on a device pass `nil` to
/// the view models, which then register nowhere. Kept in DurableState, beside the primitives
/// that report what is saved, so that an app's view models adopt ``VisibleValues`` without
/// linking the simulator. Owned by the composition root; lives on the main actor.
@MainActor
public final class ScreenRegistry {
    private struct Entry {
        weak var screen: (any VisibleValues)?
        let scene: SceneSessionID?
    }

    /// Registered screens in registration order; released ones are dropped when next read.
    private var entries: [Entry] = []

    /// Creates an empty registry.
    public init() {}

    /// Registers `screen`, the view model of a screen of `scene` (`nil` for an app-wide one),
    /// until it is deallocated. Registering it twice does nothing.
    public func register(_ screen: some VisibleValues, in scene: SceneSessionID?) {
        guard !entries.contains(where: { $0.screen === screen }) else { return }
        entries.append(Entry(screen: screen, scene: scene))
    }

    /// Whether no screen is registered (released screens not counted).
    public var isEmpty: Bool {
        entries.allSatisfy { $0.screen == nil }
    }

    /// What every live screen shows, screen by screen in registration order.
    public var visibleValues: [VisibleValue] {
        entries.removeAll { $0.screen == nil }
        var values: [VisibleValue] = []
        for entry in entries {
            if let screen = entry.screen { values += screen.visibleValues }
        }
        return values
    }

    /// The live screens of `scene` (the app-wide ones for `nil`), oldest first.
    public func screens(in scene: SceneSessionID?) -> [any VisibleValues] {
        entries.compactMap { $0.scene == scene ? $0.screen : nil }
    }

    /// Takes the screens of `scene` out of the registry, for a simulation whose scene `scene`
    /// disconnected: they are no longer on screen, whatever keeps them alive. Returns the live ones.
    package func unregisterScreens(in scene: SceneSessionID) -> [any VisibleValues] {
        let live = screens(in: scene)
        entries.removeAll { $0.scene == scene }
        return live
    }

    /// Every live screen with the scene it was registered in (`nil`: app-wide), in registration
    /// order: for a simulation's check that a disconnected scene's screens are released.
    package var registrations: [(screen: any VisibleValues, scene: SceneSessionID?)] {
        entries.compactMap { entry in entry.screen.map { ($0, entry.scene) } }
    }

    /// The newest live screen of type `Screen` in `scene`, if one is open.
    public func screen<Screen: VisibleValues>(_ type: Screen.Type, in scene: SceneSessionID?) -> Screen? {
        for entry in entries.reversed() where entry.scene == scene {
            if let screen = entry.screen as? Screen { return screen }
        }
        return nil
    }
}
