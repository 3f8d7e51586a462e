import LifelineHistory
/// A value a ``UserAction`` means to change, by the name the screens show it under, with the
/// persistence its edits are recorded with.
///
/// ```swift
/// UserAction(name: "type", on: ListScreen.self, edits: ["draft"]) { … }            // durable
/// UserAction(name: "open list", on: ListsScreen.self, edits: [.restorable("open list")]) { … }
/// UserAction(name: "type", on: NoteEditor.self, edits: [.prefixed("note:")]) { … }  // note:<id>
/// ```
///
/// A string literal names a durable value. A value, `Sendable`.
public struct EditedValue: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The name (or, with ``matchesPrefix``, the start of the names) of the values.
    public var name: String
    /// Whether every value whose name starts with ``name`` is meant, rather than the one so named.
    public var matchesPrefix: Bool
    /// The persistence of the edits recorded (the key keeps the persistence of its first edit).
    public var persistence: Persistence

    /// The value named `name`, recorded with `persistence`.
    public init(_ name: String, persistence: Persistence = .durable, matchesPrefix: Bool = false) {
        self.name = name
        self.persistence = persistence
        self.matchesPrefix = matchesPrefix
    }

    /// The durable value named by a literal.
    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// A durable value (saved data).
    public static func durable(_ name: String) -> EditedValue { EditedValue(name) }

    /// A scene's restoration state (acknowledged when it is saved or captured).
    public static func restorable(_ name: String) -> EditedValue { EditedValue(name, persistence: .restorable) }

    /// Best-effort state kept nowhere: the latest edit must show while the process lives; after a
    /// death only leaks and phantoms are violations.
    public static func ephemeral(_ name: String) -> EditedValue { EditedValue(name, persistence: .ephemeral) }

    /// Every value whose name starts with `prefix` (`note:` for `note:<id>`).
    public static func prefixed(_ prefix: String, persistence: Persistence = .durable) -> EditedValue {
        EditedValue(prefix, persistence: persistence, matchesPrefix: true)
    }

    /// Whether `key` names one of the values.
    func matches(_ key: HistoryKey) -> Bool {
        matchesPrefix ? key.name.hasPrefix(name) : key.name == name
    }
}
