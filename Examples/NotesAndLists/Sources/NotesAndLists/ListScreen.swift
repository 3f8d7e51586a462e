import DurableState
import Lifecycle
import LifelineHistory

/// The second screen of a window: one list's items and the draft of the next item, which the
/// window keeps in a `PersistentValue` (saved 300 ms after the last keystroke, flushed when the
/// window goes inactive). Adding the draft stores it as an item and clears the draft. Created by
/// its ``Window`` when the list is opened, released when the user goes back; main actor.
@MainActor
public final class ListScreen: VisibleValues {
    /// The list shown.
    public let list: String
    /// The list's items, oldest first, or `nil` while they cannot be read.
    public var items: [String]? { table.items(in: list) }
    private let draft: PersistentValue<String>
    private let table: ItemsTable
    private unowned let window: Window
    /// What was typed and not handed to the draft yet (only with the planted bug).
    private var heldText: String?
    private let holdsDraftUntilBackground: Bool
    private let clearsDraftFirst: Bool

    init(list: String, draft: PersistentValue<String>, table: ItemsTable, window: Window, bugs: Set<NotesBug>, screens: ScreenRegistry?) {
        self.list = list
        self.draft = draft
        self.table = table
        self.window = window
        self.holdsDraftUntilBackground = bugs.contains(.draftSavedOnlyOnBackground)
        self.clearsDraftFirst = bugs.contains(.draftClearedBeforeItemSaved)
        screens?.register(self, in: window.id)
    }

    /// Whether the draft can be edited (it has been read).
    public var isEditable: Bool { draft.isHydrated && table.isAvailable }

    /// The draft as the field shows it.
    public var text: String { heldText ?? draft.value }

    /// Replaces the draft's text, as selecting all and typing does.
    public func type(_ newText: String) {
        guard isEditable else { return }
        if holdsDraftUntilBackground {
            heldText = newText
        } else {
            draft.value = newText
        }
    }

    /// Adds the draft to the list as an item and clears the draft (nothing for an empty draft or
    /// a failed save, which keeps the draft): the item is stored first, so the text is always
    /// in one file or the other.
    public func addItem() {
        let item = text
        guard isEditable, !item.isEmpty else { return }
        if clearsDraftFirst {
            heldText = nil
            draft.value = ""
            draft.flush()
            _ = table.add(item, to: list)
            return
        }
        guard table.add(item, to: list) != nil else { return }
        heldText = nil
        draft.value = ""
    }

    /// Goes back to the lists.
    public func back() {
        window.showLists()
    }

    /// Hands what the screen holds to the draft (the planted bug does it only here, when the
    /// window enters the background).
    func windowDidEnterBackground() {
        guard let heldText else { return }
        self.heldText = nil
        draft.value = heldText
    }

    /// What the screen shows: the items and, once read, the draft the user types into, over what
    /// the draft's `PersistentValue` holds.
    public var visibleValues: [VisibleValue] {
        var values: [VisibleValue] = []
        if let items { values.append(VisibleValue("items:\(list)", showing: items)) }   // nothing shown while unreadable
        if draft.isHydrated { values.append(VisibleValue("draft", scene: window.id, showing: text, heldByModel: draft.value)) }
        return values
    }
}
