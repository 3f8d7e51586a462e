import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// A composer on the real storage primitives, for the checks of a move's order and of restorable
/// state at the background: each window composes a message in its draft (`PersistentValue`,
/// `draft`), sends it into the app's outbox (`DocumentStore`, `outbox`) and keeps the tab it
/// shows as restorable state (`RestorationStore`, `tab`). Each has a bug to plant.
@MainActor
final class ComposerApp {
    /// The bugs the app can have.
    struct Bugs: Sendable {
        /// Sending clears the draft and saves that at once, and saves the outbox a moment later.
        var clearsDraftBeforeOutboxIsSaved = false
        /// A window saves its tab when it disconnects, not when it enters the background.
        var savesTabOnlyOnDisconnect = false
        /// Sending clears the draft even when the outbox could not be saved.
        var clearsDraftWhenOutboxFails = false
    }

    let environment: SimulationEnvironment
    let bugs: Bugs
    let outbox: DocumentStore<[String]>
    var sent: [String]
    let restoration: RestorationStore

    init(environment: SimulationEnvironment, bugs: Bugs) {
        self.environment = environment
        self.bugs = bugs
        outbox = DocumentStore(
            storage: environment.storage, path: "/outbox.json", defaultValue: [], clock: environment.clock,
            history: .key("outbox"))
        sent = outbox.load().value
        restoration = RestorationStore(storage: environment.storage, directory: "/windows", clock: environment.clock)
        environment.runtime.sceneDelegateFactory = { [unowned self] scene in ComposerWindow(scene: scene, app: self) }
    }

    /// Saves the outbox with `message` added; returns whether it is saved.
    func send(_ message: String) -> Bool {
        do {
            try outbox.save(sent + [message])
        } catch {
            return false
        }
        sent.append(message)
        return true
    }

    static func app(_ bugs: Bugs = Bugs()) -> SimulatedApp<ComposerApp> {
        var app = SimulatedApp<ComposerApp>(name: "ComposerApp") { ComposerApp(environment: $0, bugs: bugs) }
        app.actions = [
            UserAction(name: "type", on: ComposerWindow.self, edits: ["draft"]) { $0.draft.isHydrated } perform: { window, random in
                window.draft.value = "message \(random.int(below: 1_000))"
            },
            UserAction(name: "send", on: ComposerWindow.self) { $0.draft.isHydrated && !$0.draft.value.isEmpty } perform: { window, _ in
                window.send()
            },
            UserAction(name: "switch tab", on: ComposerWindow.self, edits: [.restorable("tab")]) { _ in true } perform: { window, _ in
                window.tab = window.tab == "inbox" ? "sent" : "inbox"
            },
        ]
        return app
    }
}

/// One window of ``ComposerApp``: its draft and its tab. Main actor.
@MainActor
final class ComposerWindow: SceneDelegate, VisibleValues {
    struct State: Codable, Sendable, Equatable, HistoryFields {
        var tab = "inbox"
        var historyFields: [HistoryField] { [HistoryField("tab", showing: tab)] }
    }

    let id: SceneSessionID
    let draft: PersistentValue<String>
    var tab = "inbox"
    private unowned let app: ComposerApp
    private let schema = RestorationSchema<State>(default: State())

    init(scene: LifecycleScene, app: ComposerApp) {
        id = scene.id
        self.app = app
        let environment = app.environment
        let storage = DurableValueStorage<String>(
            storage: environment.storage, path: "/drafts/\(scene.id.rawValue).json", clock: environment.clock)
        draft = PersistentValue(
            initialValue: "", storage: storage, clock: environment.clock, scope: scene.scope, name: "draft",
            history: .key("draft", scene: scene.id))
        environment.screens.register(self, in: scene.id)
    }

    func sceneWillConnect(_ scene: LifecycleScene, options: ConnectionOptions) {
        tab = app.restoration.restoreScene(for: id, schema: schema).state.tab
        draft.flushOnDeactivation(of: scene, runtime: app.environment.runtime)
        scene.scope.task("read draft") { [draft] in await draft.hydrate() }
        app.restoration.markLaunchFinished()   // a window is up: the crash-loop guard resets
    }

    func sceneDidEnterBackground(_ scene: LifecycleScene) {
        if !app.bugs.savesTabOnlyOnDisconnect { saveTab() }
    }

    func sceneDidDisconnect(_ scene: LifecycleScene) {
        saveTab()
    }

    /// Moves the draft into the outbox: the outbox first, then the draft is cleared (or, with
    /// the bug, the other way round, the outbox saved 100 ms later).
    func send() {
        let message = draft.value
        if app.bugs.clearsDraftBeforeOutboxIsSaved {
            draft.value = ""
            draft.flush()
            _ = app.environment.clock.schedule(after: .milliseconds(100)) { [app] in _ = app.send(message) }
            return
        }
        guard app.send(message) || app.bugs.clearsDraftWhenOutboxFails else { return }
        draft.value = ""
    }

    private func saveTab() {
        try? app.restoration.saveScene(State(tab: tab), for: id, schema: schema)
    }

    var visibleValues: [VisibleValue] {
        var values = [VisibleValue("tab", scene: id, showing: tab), VisibleValue("outbox", showing: app.sent)]
        if draft.isHydrated { values.append(VisibleValue("draft", scene: id, showing: draft.value)) }
        return values
    }
}
