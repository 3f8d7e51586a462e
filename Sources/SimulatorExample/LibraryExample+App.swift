import Foundation
import Lifecycle
import LifecycleSimulator

extension LibraryExample {
    /// The example as a `SimulatedApp`: its composition root, what the user sees, ten user
    /// actions on its screens, five invariants (four of them ready-made), two deep links and two
    /// restoration mutations (an older schema, a deleted book). `bugs` plants the chosen
    /// ``PlantedBug``s; `concurrency` chooses how the app writes its asynchronous work.
    public static func app(bugs: Set<PlantedBug> = [], concurrency: ExampleConcurrency = .ordinary) -> SimulatedApp<LibraryExample> {
        let style = concurrency == .ordinary ? "" : "(\(concurrency))"
        var app = SimulatedApp<LibraryExample>(
            name: bugs.isEmpty ? "LibraryExample\(style)" : "LibraryExample\(style)[\(bugs.sorted().map(\.rawValue).joined(separator: ","))]"
        ) { environment in
            LibraryExample(environment: environment, bugs: bugs, concurrency: concurrency)
        } observe: { library in
            library.observations
        }
        app.actions = actions
        app.invariants = invariants
        // The basket written in place, unsynced, promises only to survive a kill: only a kill
        // may find it.
        if bugs.contains(.basketWrittenInPlace) { app.promises = ["basket": .survivesKill] }
        app.links = [URL(string: "library://book/B3"), URL(string: "library://book/B99")].compactMap { $0 }
        app.restorationMutations = [
            RestorationMutator(name: "older schema") { payload, random in
                let id = ExampleEnvelope.decode(payload) ?? ""
                return Data("v1|\(id)".utf8)
            },
            RestorationMutator(name: "deleted book") { _, random in
                ExampleEnvelope.encode(selection: "B\(random.int(in: 90...99))")
            },
        ]
        return app
    }

    static var actions: [UserAction<LibraryExample>] {
        [
            UserAction(name: "edit note", weight: 4) { context in
                context.incarnation.controller(for: context.scene)?.editor?.isEditable == true
            } perform: { context, random in
                guard let editor = context.incarnation.controller(for: context.scene)?.editor else { return }
                editor.replaceText("\(context.scene.id) note \(random.int(below: 1_000_000))")
            },
            UserAction(name: "close note") { context in
                context.incarnation.controller(for: context.scene)?.editor != nil
            } perform: { context, _ in
                context.incarnation.controller(for: context.scene)?.closeEditor()
            },
            UserAction(name: "open note") { context in
                context.incarnation.controller(for: context.scene).map { $0.editor == nil } ?? false
            } perform: { context, _ in
                context.incarnation.controller(for: context.scene)?.openEditor()
            },
            UserAction(name: "select book", weight: 3) { context in
                context.incarnation.controller(for: context.scene)?.restorationSettled == true
                    && !context.incarnation.catalogue.sortedIDs.isEmpty
            } perform: { context, random in
                let ids = context.incarnation.catalogue.sortedIDs
                guard !ids.isEmpty else { return }
                context.incarnation.controller(for: context.scene)?.list.select(random.element(of: ids), recordAsEdit: true)
            },
            UserAction(name: "delete book") { context in
                context.incarnation.catalogue.sortedIDs.count > 1
            } perform: { context, random in
                let ids = context.incarnation.catalogue.sortedIDs
                guard ids.count > 1 else { return }
                context.incarnation.deleteBook(random.element(of: ids))
            },
            UserAction(name: "add to basket", weight: 2) { context in
                let library = context.incarnation
                guard library.basket.lines != nil else { return false }
                // A loop rather than `contains(where:)`: checked on every step, and a closure
                // here pays a main-actor isolation check per book.
                for id in library.catalogue.sortedIDs where !library.basket.contains(id) { return true }
                return false
            } perform: { context, random in
                let library = context.incarnation
                let candidates = library.catalogue.sortedIDs.filter { !library.basket.contains($0) }
                guard !candidates.isEmpty else { return }
                let id = random.element(of: candidates)
                library.basket.add(id, price: library.catalogue.books?[id] ?? 0)
            },
            UserAction(name: "sign in") { context in
                !context.incarnation.isSignedIn
            } perform: { context, _ in
                context.incarnation.signIn()
            },
            UserAction(name: "sign out") { context in
                context.incarnation.isSignedIn
            } perform: { context, _ in
                context.incarnation.signOut()
            },
            UserAction(name: "load details") { context in
                guard let controller = context.incarnation.controller(for: context.scene) else { return false }
                return controller.selection != nil && controller.details == nil && !controller.isLoadingDetails
            } perform: { context, _ in
                context.incarnation.controller(for: context.scene)?.loadDetails(in: context.scene)
            },
            UserAction(name: "sync basket") { context in
                context.incarnation.basket.hasLines && !context.incarnation.isSyncing
            } perform: { context, _ in
                context.incarnation.syncBasket()
            },
        ]
    }

    static var invariants: [AppInvariant<LibraryExample>] {
        [
            .shownRecordsExist { library in
                guard let books = library.catalogue.books else { return [] }
                var shown: [ShownReference] = []
                for controller in library.sortedControllers where controller.restorationSettled {
                    guard let selection = controller.selection else { continue }
                    let exists = books[selection] != nil
                    shown.append(ShownReference(scene: controller.id, field: "selection", id: selection, exists: exists))
                }
                return shown
            },
            AppInvariant(name: "basket priced") { library in
                for line in library.basket.lines ?? [] where line.price <= 0 {
                    return "basket line \(line.id) is priced at \(line.price)"
                }
                return nil
            },
            .oneScenePerScreenModel { library in
                var models: [ScreenModel] = []
                models.reserveCapacity(2 * library.sortedControllers.count)
                for controller in library.sortedControllers {
                    models.append(ScreenModel(scene: controller.id, role: "list", model: controller.list))
                    if let editor = controller.editor {
                        models.append(ScreenModel(scene: controller.id, role: "note editor", model: editor))
                    }
                }
                return models
            },
            .screenEditsReachModel { library in
                var edits: [ScreenEdit] = []
                for controller in library.sortedControllers {
                    guard let editor = controller.editor, editor.isEditable else { continue }
                    let isActive = library.environment.runtime.scenes[controller.id]?.state == .foregroundActive
                    edits.append(
                        ScreenEdit(
                            scene: controller.id, field: "note editor", shown: editor.text, model: controller.note.text,
                            isSceneActive: isActive
                        )
                    )
                }
                return edits
            },
        ]
    }
}
