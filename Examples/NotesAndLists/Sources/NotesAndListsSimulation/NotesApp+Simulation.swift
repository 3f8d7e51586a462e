import LifecycleSimulator
import NotesAndLists

extension NotesApp {
    /// Notes and Lists on the lifecycle simulator's virtual device, with `bugs` planted: the
    /// user adds and opens lists, types drafts, adds items and goes back, in every window.
    public static func simulated(bugs: Set<NotesBug> = []) -> SimulatedApp<NotesApp> {
        let name = bugs.isEmpty ? "NotesAndLists" : "NotesAndLists[\(bugs.sorted().map(\.rawValue).joined(separator: ","))]"
        var app = SimulatedApp<NotesApp>(name: name) { device in
            NotesApp(
                environment: NotesEnvironment(
                    runtime: device.runtime, storage: device.storage, clock: device.clock, logger: device.logger,
                    directory: "/Notes", screens: device.screens),
                bugs: bugs)
        }
        app.actions = [
            UserAction(name: "add list", on: ListsScreen.self) { $0.names.count < 4 } perform: { screen, _ in screen.addList() },
            UserAction(name: "open list", on: ListsScreen.self, weight: 3, edits: [.restorable("open list")]) {
                !$0.names.isEmpty
            } perform: { screen, random in
                screen.open(random.element(of: screen.names))
            },
            UserAction(name: "type", on: ListScreen.self, weight: 4, edits: ["draft"]) { $0.isEditable } perform: { screen, random in
                screen.type("item \(random.int(below: 1_000))")
            },
            UserAction(name: "add item", on: ListScreen.self, weight: 2) { !$0.text.isEmpty } perform: { screen, _ in
                screen.addItem()
            },
            UserAction(name: "back", on: ListScreen.self, edits: [.restorable("open list")]) { screen, _ in screen.back() },
        ]
        return app
    }
}
