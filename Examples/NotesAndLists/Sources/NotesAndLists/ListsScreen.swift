import DurableState
import Lifecycle
import LifelineHistory

/// The first screen of a window: the user's lists. Adding a list saves it at once; opening one
/// shows its ``ListScreen`` in the window. Created by its ``Window`` when shown, released when
/// another screen replaces it; main actor.
@MainActor
public final class ListsScreen: VisibleValues {
    private let lists: ListsDocument
    private unowned let window: Window

    init(lists: ListsDocument, window: Window, screens: ScreenRegistry?) {
        self.lists = lists
        self.window = window
        screens?.register(self, in: window.id)
    }

    /// The lists shown, oldest first.
    public var names: [String] { lists.names }

    /// Adds a list named after how many there are (`List 3`).
    public func addList() {
        lists.add("List \(lists.names.count + 1)")
    }

    /// Opens the list named `name` in this window.
    public func open(_ name: String) {
        guard lists.names.contains(name) else { return }
        window.show(list: name)
    }

    /// What the screen shows: the lists.
    public var visibleValues: [VisibleValue] {
        [VisibleValue("lists", showing: lists.names)]
    }
}
