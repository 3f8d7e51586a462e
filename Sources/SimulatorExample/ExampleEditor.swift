import Lifecycle
import LifecycleSimulator

/// The note editor of one window: a screen opened when the window connects (or by the user) and
/// released when the user closes it or the window goes away. What the user types is what the
/// editor shows, recorded in the history as the user's edit, and handed to the scene's
/// ``ExampleNote`` at once — unless ``PlantedBug/editorSavesOnlyInDeinit`` is planted, when the
/// editor keeps it until it is deallocated.
///
/// Created and owned by its ``ExampleSceneController``; main actor.
@MainActor
final class ExampleEditor {
    let note: ExampleNote
    private let history: HistoryRecorder
    private let screen: ExampleScreen
    private let savesOnlyInDeinit: Bool
    /// What was typed and not handed to the note (only with the planted bug).
    private var heldText: String? {
        didSet { screen.setNeedsUpdate() }
    }

    init(note: ExampleNote, history: HistoryRecorder, screen: ExampleScreen, bugs: Set<PlantedBug>) {
        self.note = note
        self.history = history
        self.screen = screen
        self.savesOnlyInDeinit = bugs.contains(.editorSavesOnlyInDeinit)
    }

    isolated deinit {
        if let heldText { note.edit(heldText) }
    }

    /// Whether the editor accepts typing (the stored note has been read).
    var isEditable: Bool { note.isHydrated }

    /// The text the editor shows.
    var text: String? { heldText ?? note.text }

    /// Replaces the text, as selecting all and typing does.
    func replaceText(_ newText: String) {
        guard isEditable else { return }
        history.edit(note.key, text: newText)
        if savesOnlyInDeinit {
            heldText = newText
        } else {
            note.edit(newText)
        }
    }
}
