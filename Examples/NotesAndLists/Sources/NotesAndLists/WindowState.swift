import DurableState
import LifelineHistory

/// What a window restores after a relaunch: the list it had open. Compact and validated (a
/// list that no longer exists opens the lists instead). A value, `Sendable`.
struct WindowState: Codable, Sendable, Equatable, HistoryFields {
    /// The list open in the window, `nil` on the lists screen.
    var openList: String?

    /// The field the window shows it under (its ``Window`` shows `open list`).
    var historyFields: [HistoryField] { [HistoryField("open list", showing: openList)] }

    /// The restoration schema: version 1, nothing by default.
    static let schema = RestorationSchema<WindowState>(default: WindowState())
}
