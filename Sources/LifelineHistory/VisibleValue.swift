import Lifecycle

/// One value a screen shows the user, for a simulation's checks: the name it is stored under
/// and the text it shows. A value, `Sendable`.
///
/// ```swift
/// var visibleValues: [VisibleValue] {
///     [VisibleValue("draft", scene: sceneID, showing: text),
///      VisibleValue("items:\(list)", showing: items)]
/// }
/// ```
///
/// Use the name the value is recorded under (``HistoryRecording``, ``HistoryKey``) and show the
/// value itself: ``init(_:scene:showing:saysSaved:)`` converts it as the primitives do (``HistoryText``).
public struct VisibleValue: Hashable, Sendable {
    /// Which value.
    public var key: HistoryKey
    /// What the screen shows (`nil` for nothing: an empty field, no selection).
    public var text: String?
    /// For a value the user edits on this screen (a text field over a draft), what the model
    /// beneath holds of it (`.some(nil)`: nothing); `nil` for a value the screen only shows. Once
    /// the screen's scene is no longer foreground-active, the model must hold what the screen
    /// shows: an edit that lives only in the screen is lost with the process.
    public var modelText: String??
    /// Whether the screen tells the user this value is saved (a "✓ Saved" beside it): the
    /// simulation then checks that the storage acknowledged writing exactly this value, so a
    /// failed or unfinished save shown as saved is found at once.
    public var saysSaved = false
    /// Whether the app may still take the value back on its own (a restored selection while the
    /// record it names is looked up): the simulation records the user's changes of it, as of any
    /// value, but does not check it against the history until the screen shows it settled.
    public var isProvisional = false

    /// The value `value` shown under `name` (of `scene`, for a window's own value), with the
    /// screen's save indicator when it has one (``saysSaved``).
    public init<Value>(_ name: String, scene: SceneSessionID? = nil, showing value: Value, saysSaved: Bool = false) {
        self.key = HistoryKey(name, scene: scene)
        self.text = HistoryText.of(value)
        self.saysSaved = saysSaved
    }

    /// A value the user edits on this screen: `value` shown under `name`, over `model`, what the
    /// model beneath holds (both converted as the primitives do), with the screen's save
    /// indicator when it has one (``saysSaved``).
    ///
    /// ```swift
    /// VisibleValue("note", showing: field.text, heldByModel: draft.text, saysSaved: draft.saveState == .saved)
    /// ```
    public init<Value, Model>(
        _ name: String, scene: SceneSessionID? = nil, showing value: Value, heldByModel model: Model, saysSaved: Bool = false
    ) {
        self.init(name, scene: scene, showing: value, saysSaved: saysSaved)
        modelText = .some(HistoryText.of(model))
    }

    /// A text shown under `name`, as given.
    public init(_ key: HistoryKey, text: String?) {
        self.key = key
        self.text = text
    }
}

/// A screen's view model as a simulation checks it: the values it shows now.
///
/// ```swift
/// @MainActor final class ListScreen: VisibleValues {
///     init(…, screens: ScreenRegistry?) { …; screens?.register(self, in: sceneID) }
///     var visibleValues: [VisibleValue] { [VisibleValue("draft", scene: sceneID, showing: draft)] }
/// }
/// ```
///
/// A view model registers with the ``ScreenRegistry`` it is given when it is created and stays
/// registered for as long as it lives; the simulator asks every registered model after every
/// step. Leave out values still loading (a draft not read yet). Adopted by the app's view models;
/// main actor.
@MainActor
public protocol VisibleValues: AnyObject {
    /// What the screen shows now, in a fixed order.
    var visibleValues: [VisibleValue] { get }
}
