import DurableState
import Lifecycle
import LifelineHistory

/// What one window restores on relaunch: compact values only — the search text, the selected book
/// and the navigation path as routes holding identifiers. Restored data is untrusted: decoding
/// validates identifiers and limits, and ``WindowModel`` checks every book against the catalogue.
/// A `Codable` value written into the scene session's restoration payload.
public struct WindowState: Codable, Hashable, Sendable, HistoryFields {
    /// The current schema version of ``restoration``.
    public static let schemaVersion = 1
    /// The longest navigation path a payload may hold.
    public static let maximumPathLength = 16

    /// The search field's text.
    public var query: String
    /// The window's selected book.
    public var selection: BookID?
    /// The screens above the search screen.
    public var navigation: NavigationState<AppRoute>

    /// Creates a window state.
    public init(query: String = "", selection: BookID? = nil, navigation: NavigationState<AppRoute> = NavigationState()) {
        self.query = query
        self.selection = selection
        self.navigation = navigation
    }

    /// The fields a window shows its state under (``WindowModel``), each restorable on its own:
    /// the query (nothing when empty), the selection and the navigation path (`book:<id>/notes:<id>`,
    /// nothing on the search screen).
    public var historyFields: [HistoryField] {
        let path = navigation.path.map { route in route.bookID.map { "\(route):\($0)" } ?? "\(route)" }
        return [
            HistoryField("query", showing: query),
            HistoryField("selection", showing: selection?.rawValue),
            HistoryField("path", text: path.isEmpty ? nil : path.joined(separator: "/")),
        ]
    }

    /// The books the state refers to, in path order, then the selection.
    public var referencedBooks: [BookID] {
        var ids: [BookID] = []
        for id in navigation.path.compactMap(\.bookID) + [selection].compactMap({ $0 }) where !ids.contains(id) {
            ids.append(id)
        }
        return ids
    }
}
