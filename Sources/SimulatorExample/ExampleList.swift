import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// The book list of one window and its selection, restored with the window. With
/// ``PlantedBug/sharedSelectionSingleton`` planted, the selection lives in the process-wide
/// ``SharedSelection`` instead, so every window's list shows the last one chosen anywhere.
///
/// Created and owned by its ``ExampleSceneController`` (scene lifetime); main actor.
@MainActor
final class ExampleList {
    /// The history key of this window's selection (built once: read on every observation).
    let selectionKey: HistoryKey
    /// Called after the selection changed (the window drops the details of the old one).
    var onSelect: (@MainActor () -> Void)?
    private let history: HistoryRecorder
    private let screen: ExampleScreen
    private let shared: SharedSelection?
    private var ownSelection: String? {
        didSet { screen.setNeedsUpdate() }
    }

    init(scene: SceneSessionID, history: HistoryRecorder, screen: ExampleScreen, shared: SharedSelection?) {
        self.selectionKey = HistoryKey("selection", scene: scene)
        self.history = history
        self.screen = screen
        self.shared = shared
    }

    /// The selected book.
    var selection: String? {
        shared.map(\.value) ?? ownSelection
    }

    /// Selects `book`: the user's tap when `recordAsEdit` (or the app's own change on the user's
    /// behalf, such as clearing a deleted book), a restored value otherwise.
    func select(_ book: String?, recordAsEdit: Bool) {
        if let shared {
            shared.value = book
        } else {
            ownSelection = book
        }
        onSelect?()
        if recordAsEdit { history.edit(selectionKey, text: book, persistence: .ephemeral) }
    }
}
