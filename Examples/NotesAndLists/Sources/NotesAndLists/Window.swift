import DurableState
import Foundation
import Lifecycle
import LifelineHistory

/// One window of Notes and Lists: its screen (the lists, or one list), its draft and its
/// restorable state (the list it has open, saved when it enters the background or
/// disconnects). The scene delegate ``NotesApp`` creates per scene object; main actor.
@MainActor
public final class Window: SceneDelegate, VisibleValues {
    /// What the window shows.
    public enum Screen {
        /// The lists.
        case lists(ListsScreen)
        /// One list.
        case list(ListScreen)
    }

    /// The window's scene session.
    public let id: SceneSessionID
    /// The screen on top; the one it replaces is released.
    public private(set) var screen: Screen?
    private var state = WindowState()
    private let draft: PersistentValue<String>
    private unowned let app: NotesApp

    init(scene: LifecycleScene, app: NotesApp) {
        self.id = scene.id
        self.app = app
        let environment = app.environment
        let storage = DurableValueStorage<String>(
            storage: environment.storage, path: Self.draftPath(scene.id, in: environment.directory), clock: environment.clock)
        draft = PersistentValue(
            initialValue: "", storage: storage, clock: environment.clock, scope: scene.scope, name: "draft",
            logger: environment.logger, history: .key("draft", scene: scene.id))
        environment.screens?.register(self, in: scene.id)
    }

    /// Where the draft of the window of session `id` is kept.
    static func draftPath(_ id: SceneSessionID, in directory: String) -> String {
        directory + "/drafts/" + id.rawValue + ".json"
    }

    public func sceneWillConnect(_ scene: LifecycleScene, options: ConnectionOptions) {
        let restored = app.restoration.restoreScene(for: id, schema: WindowState.schema).state
        if let list = restored.openList, app.lists.names.contains(list) {
            show(list: list)
        } else {
            showLists()
        }
        draft.flushOnDeactivation(of: scene, runtime: app.environment.runtime)
        scene.scope.task("read draft") { [draft] in await draft.hydrate() }
        app.restoration.markLaunchFinished()   // a window is up: the crash-loop guard resets
    }

    public func sceneDidEnterBackground(_ scene: LifecycleScene) {
        if case .list(let screen) = screen { screen.windowDidEnterBackground() }
        draft.flush(extendingWith: app.environment.runtime)
        if !app.bugs.contains(.windowStateSavedOnlyOnDisconnect) { saveState() }
    }

    public func sceneDidDisconnect(_ scene: LifecycleScene) {
        saveState()
        app.windowDidDisconnect(id)
    }

    /// Shows the list named `name`.
    func show(list name: String) {
        state.openList = name
        screen = .list(ListScreen(list: name, draft: draft, table: app.items, window: self, bugs: app.bugs, screens: app.environment.screens))
    }

    /// Shows the lists.
    func showLists() {
        state.openList = nil
        screen = .lists(ListsScreen(lists: app.lists, window: self, screens: app.environment.screens))
    }

    private func saveState() {
        do {
            try app.restoration.saveScene(state, for: id, schema: WindowState.schema)
        } catch {
            app.environment.logger.error("Could not save the window's state: \(error.description, privacy: .public)")
        }
    }

    /// What the window shows besides its screen: the list it has open.
    public var visibleValues: [VisibleValue] {
        [VisibleValue("open list", scene: id, showing: state.openList)]
    }
}
