/// A stored value that the history follows field by field: each field is its own value the user
/// sees, so that a violation names the field that went wrong (and, for a field of a scene, the
/// other scene whose field it shows).
///
/// ```swift
/// struct WindowState: Codable, Sendable, HistoryFields {
///     var query = ""
///     var openList: String?
///     var historyFields: [HistoryField] { [HistoryField("query", showing: query), HistoryField("open list", showing: openList)] }
/// }
/// try restoration.saveScene(state, for: scene.id, schema: .window)   // records query@S1, open list@S1
/// ```
///
/// A primitive storing such a value records one key per field, named by the field, in the scene
/// of the primitive's own key; the screens show the fields under the same names.
public protocol HistoryFields {
    /// The fields, in a fixed order.
    var historyFields: [HistoryField] { get }
}

/// One field of a ``HistoryFields`` value: its name and its text. A value, `Sendable`.
public struct HistoryField: Hashable, Sendable {
    /// The field's name, which names its key in the history.
    public var name: String
    /// The field's text (``HistoryText``), `nil` for nothing.
    public var text: String?

    /// A field showing `value`, as ``HistoryText`` converts it.
    public init<Value>(_ name: String, showing value: Value) {
        self.name = name
        self.text = HistoryText.of(value)
    }

    /// A field with its text given.
    public init(_ name: String, text: String?) {
        self.name = name
        self.text = text
    }
}
