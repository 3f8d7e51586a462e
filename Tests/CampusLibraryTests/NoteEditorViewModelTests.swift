@testable import CampusLibrary
import Lifecycle
import Testing

@Suite("NoteEditorViewModel")
@MainActor
struct NoteEditorViewModelTests {
    private func editor(_ app: TestApp, bugs: Set<CampusBug> = []) async -> NoteEditorViewModel {
        let draft = app.services.notes.draft(for: TestBooks.emma.id)
        await app.settle()
        return NoteEditorViewModel(
            bookID: TestBooks.emma.id, draft: draft, catalogue: app.services.catalogue, scope: app.runtime.applicationScope, bugs: bugs
        )
    }

    @Test("what is typed goes to the shared draft at once")
    func typingReachesDraft() async throws {
        let app = try TestApp()
        try app.launch()
        let model = await editor(app)
        model.type("Chapter 3")
        model.deleteBackward()
        #expect(model.text == "Chapter ")
        #expect(app.services.notes.draft(for: TestBooks.emma.id).text == "Chapter ")
    }

    @Test("with the planted deinit bug, the draft gets the text only when the editor is released")
    func plantedDeinitBug() async throws {
        let app = try TestApp()
        try app.launch()
        var model: NoteEditorViewModel? = await editor(app, bugs: [.noteEditorSavesInDeinit])
        model?.type("Chapter 3")
        #expect(model?.text == "Chapter 3")
        #expect(app.services.notes.draft(for: TestBooks.emma.id).text == "")
        model = nil
        #expect(app.services.notes.draft(for: TestBooks.emma.id).text == "Chapter 3")
    }
}
