import CampusLibrary
@testable import CampusSimulation
import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator
import LifelineHistory
import Testing

/// The checks `lifecycle-check` runs on Campus Library can fail: each test plants one broken rule
/// as an extra student action and expects the explorer to report it.
@Suite("Campus Library's simulation checks")
@MainActor
struct CampusInvariantTests {
    /// Campus Library with one sabotaging action that the explorer performs often.
    private func sabotaged(
        _ name: String, when isEnabled: @escaping @MainActor @Sendable (CampusIncarnation) -> Bool = { _ in true },
        _ perform: @escaping @MainActor @Sendable (CampusIncarnation) -> Void
    ) -> SimulatedApp<CampusIncarnation> {
        var app = CampusIncarnation.app
        app.actions.append(UserAction(name: name, weight: 20) { isEnabled($0.incarnation) } perform: { context, _ in perform(context.incarnation) })
        return app
    }

    /// The first violation over a few seeds.
    private func firstViolation(_ app: SimulatedApp<CampusIncarnation>) async -> Violation? {
        let simulator = Simulator(app: app)
        for seed in 1...UInt64(30) {
            if let violation = await simulator.run(seed: seed, depth: 30).violation { return violation }
        }
        return nil
    }

    @Test("a session token left in the secret store after signing out is reported")
    func tokenLeftBehind() async {
        let app = sabotaged("stash a token", when: { $0.composition.services.auth.state == .signedOut }) { incarnation in
            try? incarnation.tokens.save(Secret("stale-token"))
        }
        let violation = await firstViolation(app)
        #expect(violation?.kind == .app("token placement"), "\(violation?.description ?? "nothing found")")
    }

    @Test("a basket record created empty is reported")
    func emptyBasketRecord() async {
        let app = sabotaged("create an empty basket") { incarnation in
            let server = incarnation.server
            incarnation.composition.environment.runtime.applicationScope.task("empty basket") {
                _ = try? await server.createBasket([], requestID: "sabotage")
            }
        }
        let violation = await firstViolation(app)
        #expect(violation?.kind == .app("no record created empty"), "\(violation?.description ?? "nothing found")")
    }

    @Test("a window that changes behind the student's back is reported")
    func unrecordedWindowChange() async {
        let app = sabotaged("silently open a book", when: { !$0.composition.windows.isEmpty }) { incarnation in
            let window = incarnation.composition.windows.values.sorted { $0.sessionID.rawValue < $1.sessionID.rawValue }.first
            window?.openBook(CampusIncarnation.browsedBooks[5].id)
        }
        let violation = await firstViolation(app)
        let kinds: Set<Violation.Kind> = [.lostLiveEdit, .phantomData, .crossSceneLeak, .lostAcknowledgedEdit]
        #expect(violation.map { kinds.contains($0.kind) } == true, "\(violation?.description ?? "nothing found")")
    }

    @Test("a note said saved but never written is reported when the next launch reads it back, with no screen showing it")
    func droppedNote() async {
        let book = CampusIncarnation.noteBooks[0]
        let app = sabotaged("say a note saved that is dropped", when: { $0.composition.services.notes.draft(for: book).isHydrated }) { incarnation in
            let key = HistoryKey(NoteDraft.historyName(of: book))
            incarnation.history.edit(key, text: "dropped")
            incarnation.history.didSave(key, text: "dropped")
        }
        let violation = await firstViolation(app)
        #expect(violation?.kind == .lostAcknowledgedEdit, "\(violation?.description ?? "nothing found")")
        #expect(violation?.message.hasPrefix("read from storage") == true, "\(violation?.description ?? "nothing found")")
    }

    @Test("one search model shared by every window is reported when the second window registers it, naming both windows and its type")
    func sharedSearchModelIsReported() async throws {
        let outcome = try await Simulator(app: CampusIncarnation.app(bugs: [.sharedSearchModel])).replay([
            .launch(.user), .userAction(name: "search", scene: 1, seed: 0), .connectScene(scene: 2, foreground: true, restoration: nil),
        ])
        let violation = try #require(outcome.violation)
        #expect(violation.kind == .screenSharedByScenes, "\(violation)")
        #expect(violation.step == 2, "\(violation)")
        #expect(violation.message.hasPrefix("scene S2 registered scene S1's SearchViewModel as its own"), "\(violation)")
    }

    @Test("a note editor that keeps typed text while its indicator says saved is reported by the built-in check as the text is typed")
    func editorHoldsText() async throws {
        let outcome = try await Simulator(app: CampusIncarnation.app(bugs: [.noteEditorSavesInDeinit])).replay([
            .launch(.user), .connectSceneWithLink(scene: 2, link: 0, asActivity: false), .activate(scene: 2),
            .userAction(name: "open notes", scene: 2, seed: 0), .userAction(name: "type in the note", scene: 2, seed: 0),
            .resignActive(scene: 2),
        ])
        let violation = try #require(outcome.violation)
        #expect(violation.kind == .shownSavedNotWritten, "\(violation)")
        #expect(violation.step == 4, "\(violation)")
        #expect(violation.message.hasPrefix("a screen shows note:"), "\(violation)")
        #expect(violation.message.contains("says it is saved, but its storage has not acknowledged writing it (what is saved is nothing)"), "\(violation)")
    }

    @Test("without the planted bug, the note typed in the editor is in the draft and survives a kill")
    func editorHandsTextOver() async throws {
        let outcome = try await Simulator(app: CampusIncarnation.app).replay([
            .launch(.user), .connectSceneWithLink(scene: 2, link: 0, asActivity: false), .activate(scene: 2),
            .userAction(name: "open notes", scene: 2, seed: 0), .userAction(name: "type in the note", scene: 2, seed: 0),
            .resignActive(scene: 2), .kill, .launch(.user),
        ])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        #expect(outcome.skipped == 0)
        #expect(outcome.traceText.contains("ack note:"))
    }
}
