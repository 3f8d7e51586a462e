import Foundation
import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// One window of the example: its note, its two screens — the book list with its selection
/// (restored, validated, linked) and the note editor, open when the window connects and closed
/// and reopened by the user — and its book details. The scene delegate created per scene object
/// by ``LibraryExample``; main actor.
@MainActor
final class ExampleSceneController: SceneDelegate {
    let id: SceneSessionID
    let note: ExampleNote
    /// The book list (scene lifetime).
    let list: ExampleList
    /// Where the book list is scrolled (scene lifetime).
    let scroller: ExampleListScroller
    /// The note editor while it is open (screen lifetime: closing it releases it).
    private(set) var editor: ExampleEditor? {
        didSet { library.screen.setNeedsUpdate() }
    }
    private unowned let library: LibraryExample
    /// Whether restoration has finished (the catalogue loaded and the payload applied).
    private(set) var restorationSettled = false {
        didSet { library.screen.setNeedsUpdate() }
    }
    private(set) var details: String?
    private(set) var isLoadingDetails = false
    /// The details' load in the ordinary style, cancelled when the scene disconnects.
    private var detailsLoad: Task<Void, Never>?
    private(set) var isDisconnected = false

    init(scene: LifecycleScene, library: LibraryExample) {
        self.id = scene.id
        self.library = library
        let history = library.environment.history
        self.note = ExampleNote(
            scene: scene.id, files: library.files, clock: library.environment.clock,
            history: history, bugs: library.bugs, screen: library.screen
        )
        self.list = ExampleList(
            scene: scene.id, history: history, screen: library.screen,
            shared: library.bugs.contains(.sharedSelectionSingleton) ? library.sharedSelection : nil
        )
        self.scroller = ExampleListScroller(bugs: library.bugs)
        list.onSelect = { [unowned self] in
            details = nil
            scroller.didSelect(list.selection, in: library.catalogue.sortedIDs)
        }
        openEditor()
    }

    /// The selected book.
    var selection: String? { list.selection }

    /// The history key of this scene's selection.
    var selectionKey: HistoryKey { list.selectionKey }

    /// Opens the note editor (nothing if it is open).
    func openEditor() {
        guard editor == nil else { return }
        editor = ExampleEditor(note: note, history: library.environment.history, screen: library.screen, bugs: library.bugs)
    }

    /// Closes the note editor, which releases it.
    func closeEditor() {
        editor = nil
    }

    /// The note as the window shows it: the editor's text while it is open, else the note's.
    var shownNote: String? { editor?.text ?? note.text }

    func sceneWillConnect(_ scene: LifecycleScene, options: ConnectionOptions) {
        let restored = ExampleEnvelope.decode(scene.session.restorationPayload)
        switch library.concurrency {
        case .ordinary: note.hydrate(on: library.clock)
        case .scoped: note.hydrate(in: scene.scope)
        }
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
            scroller.showRestored(restored, books: library.catalogue.books)
            if library.bugs.contains(.unvalidatedRestoration) || library.catalogue.books?[restored] != nil {
                list.select(restored, recordAsEdit: false)
            } else {
                library.environment.logger.info("A restored book no longer exists; showing the catalogue.")
            }
        }
        restorationSettled = true
        for url in urls { open(url) }
    }

    func sceneWillResignActive(_ scene: LifecycleScene) {
        scroller.scrollToSelection(in: library.catalogue.sortedIDs)
        note.flushOnInactive()
        library.files.pending?.writeAll()
    }

    func sceneDidEnterBackground(_ scene: LifecycleScene) {
        note.flushOnInactive()
        library.files.pending?.writeAll()
        library.scheduleRefresh()
    }

    func sceneDidDisconnect(_ scene: LifecycleScene) {
        isDisconnected = true
        note.stopLoading()
        detailsLoad?.cancel()
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
        if library.catalogue.books?[book] != nil { list.select(book, recordAsEdit: true) }
    }

    /// Loads the selected book's details from the library's server (its latency, then 500 ms of
    /// the server's own work) in `scene` (this controller's scene, which the user acts in) and
    /// shows them. The scene is passed rather than kept: a `weak` reference would give every
    /// scene a side table, slowing all its retains.
    func loadDetails(in scene: LifecycleScene) {
        guard let book = selection else { return }
        isLoadingDetails = true
        let server = library.server
        guard library.concurrency == .scoped else { return loadDetailsInTask(book, server: server) }
        let clock = library.environment.clock
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

    /// ``loadDetails(in:)`` in the ordinary style: a `Task {}` the controller cancels when its scene
    /// disconnects — or, with ``PlantedBug/applyAfterDisconnect``, one nobody cancels.
    private func loadDetailsInTask(_ book: String, server: SimulatedRemoteService) {
        let clock = library.clock
        if library.bugs.contains(.applyAfterDisconnect) {
            Task { [self] in
                try? await server.call("book details")
                try? await clock.sleep(for: .milliseconds(500))
                showDetails("details of \(book)")
            }
            return
        }
        detailsLoad = Task { [self] in
            var text: String?
            do {
                try await server.call("book details")
                try await clock.sleep(for: .milliseconds(500))
                text = "details of \(book)"
            } catch {}
            // Cancelled: the scene disconnected, and the result is dropped with it.
            guard !Task.isCancelled else { return }
            showDetails(text)
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
