import DurableState
import Lifecycle

/// Notes and Lists: lists of items, each added from a draft, in as many windows as the user
/// opens. Its composition root: builds the object graph from a ``NotesEnvironment`` and wires it
/// to the runtime, on a device and under the lifecycle simulator alike.
///
/// ```swift
/// let app = NotesApp(environment: NotesEnvironment(runtime: runtime, storage: StorageEnvironment(fileSystem: POSIXFileSystem()),
///                                                  clock: SystemClock(), directory: dataDirectory))
/// ```
///
/// - The lists' names: one `DocumentStore`, saved on every change.
/// - The items: a SQLite table (`Database`), each added in a transaction.
/// - Each window's draft of its next item: a `PersistentValue`, saved 300 ms after the last
///   keystroke and flushed when the window goes inactive.
/// - Each window's open list: restorable state in a `RestorationStore`.
///
/// One per process; main actor.
@MainActor
public final class NotesApp: ApplicationDelegate {
    /// What the app was built from.
    public let environment: NotesEnvironment
    /// The bugs planted (none in the app as it ships).
    public let bugs: Set<NotesBug>
    /// The user's lists.
    public let lists: ListsDocument
    let items: ItemsTable
    let restoration: RestorationStore
    /// The connected windows by session.
    public private(set) var windows: [SceneSessionID: Window] = [:]

    /// Builds the app in `environment`, with `bugs` planted.
    public init(environment: NotesEnvironment, bugs: Set<NotesBug> = []) {
        self.environment = environment
        self.bugs = bugs
        // Created durably (each new directory's parent synced): the database's files go in it.
        do {
            try DurableFile.createDirectory(environment.directory, fileSystem: environment.fileSystem)
        } catch {
            environment.logger.error("Could not create the data directory: \(error.description, privacy: .public)")
        }
        lists = ListsDocument(environment: environment)
        items = ItemsTable(environment: environment)
        restoration = RestorationStore(
            storage: environment.storage, directory: environment.directory + "/windows", clock: environment.clock,
            logger: environment.logger)
        environment.runtime.applicationDelegate = self
        environment.runtime.sceneDelegateFactory = { [unowned self] scene in
            let window = Window(scene: scene, app: self)
            windows[scene.id] = window
            return window
        }
    }

    public func didDiscardSessions(_ runtime: LifecycleRuntime, sessions: [SceneSessionID]) {
        restoration.removeScenes(sessions)
        for id in sessions {
            let storage = DurableValueStorage<String>(
                storage: environment.storage, path: Window.draftPath(id, in: environment.directory), clock: environment.clock)
            try? storage.document.remove()
        }
    }

    func windowDidDisconnect(_ id: SceneSessionID) {
        windows[id] = nil
    }
}
