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
        /// The view model, screen or not.
        weak var model: AnyObject?
        /// The same model as a screen, when it shows values of its own.
        weak var screen: (any VisibleValues)?
        let scene: SceneSessionID?
    }

    /// A view model registered under a second scene while still registered under its first:
    /// one model serving two windows, so that what the user does in one shows in the other.
    package struct SharedScreen: Sendable {
        /// The model's type, for messages.
        package var type: String
        /// The scene it was registered under first, and the one that registered it again.
        package var first: SceneSessionID, second: SceneSessionID
    }

    /// Registered models in registration order; released ones are dropped when next read.
    private var entries: [Entry] = []
    /// Every registration of a model under a second scene, oldest first, for a simulation's
    /// check that a view model belongs to one scene.
    package private(set) var sharedScreens: [SharedScreen] = []

    /// Creates an empty registry.
    public init() {}

    /// Registers `screen`, the view model of a screen of `scene` (`nil` for an app-wide one),
    /// until it is deallocated: what it shows is checked after every step. Registering it again
    /// under its scene does nothing; under another scene, it stays under its first and the
    /// simulation reports one model in two scenes.
    public func register(_ screen: some VisibleValues, in scene: SceneSessionID?) {
        add(Entry(model: screen, screen: screen, scene: scene))
    }

    /// Registers `model`, a view model of `scene` that shows nothing the history checks (its
    /// window shows its values, or it shows none), until it is deallocated: it is checked to
    /// belong to that scene only and to be released once the scene disconnects.
    public func register(model: AnyObject, in scene: SceneSessionID) {
        add(Entry(model: model, screen: nil, scene: scene))
    }

    private func add(_ entry: Entry) {
        guard let model = entry.model else { return }
        guard let existing = entries.first(where: { $0.model === model }) else {
            entries.append(entry)
            return
        }
        if let first = existing.scene, let scene = entry.scene, first != scene {
            sharedScreens.append(SharedScreen(type: String(describing: type(of: model)), first: first, second: scene))
        }
    }

    /// Whether no model is registered (released ones not counted).
    public var isEmpty: Bool {
        entries.allSatisfy { $0.model == nil }
    }

    /// What every live screen shows, screen by screen in registration order.
    public var visibleValues: [VisibleValue] {
        visibleValues(strayEdit: { _ in false }).values
    }

    /// What every live screen shows (``visibleValues``), and the first value a screen of a scene
    /// shows as the user's edit that its model does not hold (``VisibleValue/modelText``) while
    /// `isStray(scene)` — for a simulation, while the scene is not foreground-active.
    package func visibleValues(
        strayEdit isStray: (SceneSessionID) -> Bool
    ) -> (values: [VisibleValue], strayEdit: (scene: SceneSessionID, value: VisibleValue)?) {
        entries.removeAll { $0.model == nil }
        var values: [VisibleValue] = []
        var stray: (scene: SceneSessionID, value: VisibleValue)?
        for entry in entries {
            guard let screen = entry.screen else { continue }
            let shown = screen.visibleValues
            if stray == nil, let scene = entry.scene,
               let value = shown.first(where: { value in value.modelText.map { $0 != value.text } ?? false }), isStray(scene) {
                stray = (scene, value)
            }
            values += shown
        }
        return (values, stray)
    }

    /// What each live screen shows, with the screen, in registration order: for a simulation
    /// that tells a value an open screen stopped showing from a screen that closed.
    package func valuesByScreen() -> [(screen: AnyObject, values: [VisibleValue])] {
        entries.removeAll { $0.model == nil }
        return entries.compactMap { entry in entry.screen.map { ($0, $0.visibleValues) } }
    }

    /// The live screens of `scene` (the app-wide ones for `nil`), oldest first.
    public func screens(in scene: SceneSessionID?) -> [any VisibleValues] {
        entries.compactMap { $0.scene == scene ? $0.screen : nil }
    }

    /// Takes the screens of `scene` out of the registry, for a simulation whose scene `scene`
    /// disconnected: they are no longer on screen, whatever keeps them alive. Returns the live ones.
    package func unregisterScreens(in scene: SceneSessionID) -> [AnyObject] {
        let live = entries.compactMap { $0.scene == scene ? $0.model : nil }
        entries.removeAll { $0.scene == scene }
        return live
    }

    /// Every live screen with the scene it was registered in (`nil`: app-wide), in registration
    /// order: for a simulation's check that a disconnected scene's screens are released.
    package var registrations: [(screen: AnyObject, scene: SceneSessionID?)] {
        entries.compactMap { entry in entry.model.map { ($0, entry.scene) } }
    }

    /// The newest live screen of type `Screen` in `scene`, if one is open.
    public func screen<Screen: VisibleValues>(_ type: Screen.Type, in scene: SceneSessionID?) -> Screen? {
        for entry in entries.reversed() where entry.scene == scene {
            if let screen = entry.screen as? Screen { return screen }
        }
        return nil
    }
}
