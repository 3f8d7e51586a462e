import Foundation
import Lifecycle
import LifecycleSimulator

/// One window of the example: its note, its selection (restored, validated, linked), its book
/// details. The scene delegate created per scene object by ``LibraryExample``; main actor.
@MainActor
final class ExampleSceneController: SceneDelegate {
    let id: SceneSessionID
    let note: ExampleNote
    private unowned let library: LibraryExample
    private var ownSelection: String? {
        didSet { library.screen.setNeedsUpdate() }
    }
    /// Whether restoration has finished (the catalogue loaded and the payload applied).
    private(set) var restorationSettled = false {
        didSet { library.screen.setNeedsUpdate() }
    }
    private(set) var details: String?
    private(set) var isLoadingDetails = false
    private(set) var isDisconnected = false
    /// Whether the ``PlantedBug/sharedSelectionSingleton`` bug is planted (read on every
    /// observation, so looked up once).
    private let sharesSelection: Bool

    init(scene: LifecycleScene, library: LibraryExample) {
        self.id = scene.id
        self.selectionKey = HistoryKey("selection", scene: scene.id)
        self.library = library
        self.sharesSelection = library.bugs.contains(.sharedSelectionSingleton)
        self.note = ExampleNote(
            scene: scene.id, files: library.files, clock: library.environment.clock,
            history: library.environment.history, bugs: library.bugs, screen: library.screen
        )
    }

    /// The history key of this scene's selection (built once: read on every observation).
    let selectionKey: HistoryKey

    /// The selected book: per scene, or the process-wide one with the planted bug.
    var selection: String? {
        sharesSelection ? library.sharedSelection.value : ownSelection
    }

    func select(_ book: String?, recordAsEdit: Bool) {
        if sharesSelection {
            library.sharedSelection.value = book
        } else {
            ownSelection = book
        }
        details = nil
        if recordAsEdit { library.environment.history.edit(selectionKey, value: book, durability: .ephemeral) }
    }

    func sceneWillConnect(_ scene: LifecycleScene, options: ConnectionOptions) {
        let restored = ExampleEnvelope.decode(scene.session.restorationPayload)
        note.hydrate(in: scene.scope)
        var urls = options.urls
        for activity in options.userActivities {
            if let url = activity.webpageURL { urls.append(url) }
        }
        // `self`, not `[weak self]`: a disconnected controller ignores the call (`isDisconnected`).
        library.catalogue.whenLoaded { [self] in finishRestoration(restored, urls: urls) }
    }

    private func finishRestoration(_ restored: String?, urls: [URL]) {
        guard !isDisconnected else { return }
        if let restored {
            if library.bugs.contains(.unvalidatedRestoration) || library.catalogue.books?[restored] != nil {
                select(restored, recordAsEdit: false)
            } else {
                library.environment.logger.info("A restored book no longer exists; showing the catalogue.")
            }
        }
        restorationSettled = true
        for url in urls { open(url) }
    }

    func sceneWillResignActive(_ scene: LifecycleScene) {
        note.flushOnInactive()
    }

    func sceneDidEnterBackground(_ scene: LifecycleScene) {
        note.flushOnInactive()
        library.scheduleRefresh()
    }

    func sceneDidDisconnect(_ scene: LifecycleScene) {
        isDisconnected = true
        library.sceneDidDisconnect(id)
    }

    func stateRestorationPayload(for scene: LifecycleScene) -> Data? {
        ExampleEnvelope.encode(selection: selection)
    }

    func scene(_ scene: LifecycleScene, openURLs urls: [URL]) {
        for url in urls { open(url) }
    }

    func scene(_ scene: LifecycleScene, continue activity: UserActivity) {
        if let url = activity.webpageURL { open(url) }
    }

    private func open(_ url: URL) {
        guard url.scheme == "library", url.host == "book", restorationSettled else { return }
        let book = url.lastPathComponent
        if library.catalogue.books?[book] != nil { select(book, recordAsEdit: true) }
    }

    /// Loads the selected book's details from the library's server (its latency, then 500 ms of
    /// the server's own work) in `scene` (this controller's scene, which the user acts in) and
    /// shows them. The scene is passed rather than kept: a `weak` reference would give every
    /// scene a side table, slowing all its retains.
    func loadDetails(in scene: LifecycleScene) {
        guard let book = selection else { return }
        isLoadingDetails = true
        let clock = library.environment.clock
        let server = library.server
        if library.bugs.contains(.applyAfterDisconnect) {
            library.environment.runtime.applicationScope.task("details \(book)") { [self] in
                try? await server.call("book details")
                try? await clock.sleep(for: .milliseconds(500))
                self.showDetails("details of \(book)")
            }
        } else {
            scene.scope.task("details \(book)") {
                try await server.call("book details")
                try await clock.sleep(for: .milliseconds(500))
                return "details of \(book)"
            } apply: { [self] result in
                // The scope drops the result once it ended, so the capture is bounded.
                showDetails(try? result.get())
            }
        }
    }

    private func showDetails(_ text: String?) {
        if isDisconnected {
            library.environment.reportCrash("book details applied to scene \(id) after it disconnected")
            return
        }
        isLoadingDetails = false
        details = text
    }
}
