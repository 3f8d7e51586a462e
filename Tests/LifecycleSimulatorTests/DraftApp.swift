import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator
import LifelineHistory

/// A one-value app on the real storage primitives, for the checks of what is read back, what a
/// screen says is saved and what it shows provisionally: a draft (`PersistentValue`, named
/// `draft`) and a query kept in memory, both on one app-wide screen, each with a bug to plant.
@MainActor
final class DraftApp: VisibleValues {
    /// The bugs the app can have.
    struct Bugs: Sendable {
        /// Saves the draft to one file and reads it from another (a path renamed in one place).
        var readsAnotherFile = false
        /// The screen's indicator says saved whatever the save state.
        var alwaysSaysSaved = false
        /// The screen shows the query as provisional (the app may still take it back).
        var queryIsProvisional = false
    }

    let draft: PersistentValue<String>
    var query = ""
    private let bugs: Bugs

    init(environment: SimulationEnvironment, bugs: Bugs) {
        self.bugs = bugs
        let saved = DurableValueStorage<String>(storage: environment.storage, path: "/draft.json", clock: environment.clock)
        let read = bugs.readsAnotherFile
            ? DurableValueStorage<String>(storage: environment.storage, path: "/draft-v2.json", clock: environment.clock)
            : saved
        let scope = TaskScope(name: "draft", tracker: environment.tracker)
        draft = PersistentValue(
            initialValue: "", storage: SplitStorage(saving: saved, reading: read), clock: environment.clock, scope: scope,
            name: "draft", history: .key("draft"))
        environment.screens.register(self, in: nil)
        scope.task("read draft") { [draft] in await draft.hydrate() }
    }

    var visibleValues: [VisibleValue] {
        var saysSaved = bugs.alwaysSaysSaved
        if case .saved = draft.saveState { saysSaved = true }
        var query = VisibleValue("query", showing: self.query)
        query.isProvisional = bugs.queryIsProvisional
        return [VisibleValue("draft", showing: draft.value, saysSaved: saysSaved && draft.isHydrated), query]
    }

    static func app(_ bugs: Bugs = Bugs()) -> SimulatedApp<DraftApp> {
        var app = SimulatedApp<DraftApp>(name: "DraftApp") { DraftApp(environment: $0, bugs: bugs) }
        app.actions = [
            UserAction(name: "type") { $0.incarnation.draft.isHydrated } perform: { context, random in
                context.incarnation.draft.value += " w\(random.int(below: 1_000))"
            },
            UserAction(name: "search", edits: [.ephemeral("query")]) { _ in true } perform: { context, random in
                context.incarnation.query = "q\(random.int(below: 1_000))"
            },
            // The app's own doing, not the user's: checked, not recorded.
            UserAction(name: "scramble the query") { _ in true } perform: { context, _ in context.incarnation.query = "scrambled" },
        ]
        return app
    }
}

/// Storage that saves through one storage and reads through another.
final class SplitStorage: ValueStorage {
    let saving: DurableValueStorage<String>, reading: DurableValueStorage<String>

    init(saving: DurableValueStorage<String>, reading: DurableValueStorage<String>) {
        self.saving = saving
        self.reading = reading
    }

    func load() async throws(ValueStorageError) -> String? { try await reading.load() }
    func save(_ value: String) async throws(ValueStorageError) { try await saving.save(value) }
    var storageHistory: (any StorageHistory)? { saving.storageHistory }
}
