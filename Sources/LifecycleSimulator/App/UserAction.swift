import DurableState
import Lifecycle
import LifelineHistory

/// A user action the explorer can interleave with OS events: enabled by a precondition, performed
/// in an active scene with its own random choices.
///
/// ```swift
/// UserAction(name: "type", on: ListScreen.self, edits: ["draft"]) { screen in
///     screen.isEditable                                      // a screen of this type is open in the scene
/// } perform: { screen, random in
///     screen.type("item \(random.int(below: 1_000))")        // what the user's fingers do
/// }
/// ```
///
/// An action touches what the user touches — a screen's view model — and names the values it
/// means to change (``edits``): the simulator records as the user's edit each of those values
/// that the screens of the action's scene (or app-wide) show changed — before the action's
/// first storage operation or store report, and once it returns — so that a value a screen
/// keeps in memory, saved later or never, is in the history from the moment the user changed
/// it, and before its own save. A value a screen still open stops showing is recorded as
/// removed. What else changes during the action is the app's reaction, checked, not recorded.
/// A value owned by the ``SimulatedApp``.
public struct UserAction<Incarnation: AnyObject>: Sendable {
    /// The action's name in schedules and reports, such as `edit note`.
    public var name: String
    /// Relative weight among enabled actions.
    public var weight: Int
    /// The values the action means to change, recorded as the user's edits when the screens
    /// show them changed (see ``EditedValue``).
    public var edits: [EditedValue]
    /// Whether the user can perform the action now (a loaded screen, a selected book…).
    public var isEnabled: @MainActor @Sendable (UserActionContext<Incarnation>) -> Bool
    /// Performs the action; draws its choices from the generator it is given.
    public var perform: @MainActor @Sendable (UserActionContext<Incarnation>, inout SimulationRandom) -> Void

    /// Creates an action.
    public init(
        name: String,
        weight: Int = 1,
        edits: [EditedValue] = [],
        isEnabled: @escaping @MainActor @Sendable (UserActionContext<Incarnation>) -> Bool,
        perform: @escaping @MainActor @Sendable (UserActionContext<Incarnation>, inout SimulationRandom) -> Void
    ) {
        self.name = name
        self.weight = weight
        self.edits = edits
        self.isEnabled = isEnabled
        self.perform = perform
    }

    /// Creates an action on the screen of type `Screen` open in the scene the user acts in (the
    /// newest one registered with ``SimulationEnvironment/screens``): enabled while one is open
    /// and `isEnabled` says so.
    public init<Screen: VisibleValues>(
        name: String,
        on screen: Screen.Type,
        weight: Int = 1,
        edits: [EditedValue] = [],
        isEnabled: @escaping @MainActor @Sendable (Screen) -> Bool = { _ in true },
        perform: @escaping @MainActor @Sendable (Screen, inout SimulationRandom) -> Void
    ) {
        self.init(name: name, weight: weight, edits: edits) { context in
            context.screen(Screen.self).map(isEnabled) ?? false
        } perform: { context, random in
            guard let screen = context.screen(Screen.self) else { return }
            perform(screen, &random)
        }
    }
}
