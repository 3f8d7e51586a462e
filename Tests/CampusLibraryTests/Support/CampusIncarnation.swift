@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator

/// One incarnation of the real Campus Library on the simulator's virtual device: the same
/// composition root the terminal app uses, built from the simulation environment (virtual clock,
/// simulated disk, device secret store, the run's logger), with an in-memory catalogue.
@MainActor
final class CampusIncarnation {
    static let dataDirectory = "/Campus"
    /// Books whose notes the user edits in simulations; their drafts are opened at launch so that
    /// what was saved is visible (and checked) after every relaunch.
    static let noteBooks = Array(TestBooks.all.prefix(3).map(\.id))

    let composition: AppComposition
    let history: HistoryRecorder
    private var requests = 0

    init(environment: SimulationEnvironment) throws {
        history = environment.history
        var identifiers = 0
        let incarnation = environment.incarnation
        var appEnvironment = AppEnvironment(
            runtime: environment.runtime, fileSystem: environment.fileSystem, secretStore: environment.secretStore,
            logger: environment.logger, dataDirectory: Self.dataDirectory,
            catalogue: .custom(InMemoryCatalogue(books: TestBooks.all)),
            server: EmbeddedLibraryServer(
                directory: Self.dataDirectory + "/server", fileSystem: environment.fileSystem, clock: environment.clock,
                makeToken: { environment.canary.revealed }
            ),
            analyticsSink: RecordingAnalyticsSink(),
            makeIdentifier: {
                identifiers += 1
                return "request-\(incarnation)-\(identifiers)"
            }
        )
        let history = environment.history
        appEnvironment.noteSaved = { note in
            history.acknowledge(Self.key(note.bookID), value: note.text.isEmpty ? nil : note.text)
        }
        composition = try AppComposition(environment: appEnvironment)
        for id in Self.noteBooks { _ = composition.services.notes.draft(for: id) }
    }

    static func key(_ id: BookID) -> HistoryKey { HistoryKey("note:\(id.rawValue)") }

    var observations: [Observation] {
        Self.noteBooks.compactMap { id in
            let draft = composition.services.notes.draft(for: id)
            guard draft.isHydrated else { return nil }
            return Observation(key: Self.key(id), value: draft.text.isEmpty ? nil : draft.text)
        }
    }

    static var app: SimulatedApp<CampusIncarnation> {
        var app = SimulatedApp<CampusIncarnation>(name: "CampusLibrary") { environment in
            do {
                return try CampusIncarnation(environment: environment)
            } catch {
                environment.reportCrash("the composition failed: \(error)")
                preconditionFailure("unreachable: the composition graph is validated by AppCompositionGraphTests")
            }
        } observe: { $0.observations }
        app.actions = actions
        app.links = [
            URL(string: "campuslibrary://book/austen-emma"), URL(string: "campuslibrary://book/no-such-book"),
        ].compactMap { $0 }
        return app
    }

    static var actions: [UserAction<CampusIncarnation>] {
        [
            UserAction(name: "edit note", weight: 4) { context in
                noteBooks.contains { context.incarnation.composition.services.notes.draft(for: $0).isHydrated }
            } perform: { context, random in
                let ready = noteBooks.filter { context.incarnation.composition.services.notes.draft(for: $0).isHydrated }
                guard !ready.isEmpty else { return }
                let id = random.element(of: ready)
                let text = "note \(random.int(below: 1_000_000))"
                context.incarnation.history.edit(key(id), value: text)
                context.incarnation.composition.services.notes.draft(for: id).edit(text)
            },
            UserAction(name: "open book", weight: 2) { context in
                context.incarnation.composition.window(for: context.scene.id) != nil
            } perform: { context, random in
                context.incarnation.composition.window(for: context.scene.id)?.openBook(random.element(of: TestBooks.all).id)
            },
            UserAction(name: "search", weight: 2) { context in
                context.incarnation.composition.window(for: context.scene.id) != nil
            } perform: { context, random in
                let window = context.incarnation.composition.window(for: context.scene.id)
                window?.popToRoot()
                window?.search.updateQuery(random.element(of: ["austen", "dickens", "sea", ""]))
                window?.appear()
            },
            UserAction(name: "back") { context in
                context.incarnation.composition.window(for: context.scene.id)?.topRoute != nil
            } perform: { context, _ in
                context.incarnation.composition.window(for: context.scene.id)?.back()
            },
            UserAction(name: "add to basket") { context in
                context.incarnation.composition.services.catalogue.isLoaded
            } perform: { context, random in
                context.incarnation.composition.services.basket.add(random.element(of: TestBooks.all))
            },
            UserAction(name: "sign in") { context in
                context.incarnation.composition.services.auth.state == .signedOut
            } perform: { context, _ in
                let auth = context.incarnation.composition.services.auth
                context.environment.runtime.applicationScope.task("sign in") {
                    await auth.signIn(username: "ada", password: Secret("analytical"))
                }
            },
        ]
    }
}
