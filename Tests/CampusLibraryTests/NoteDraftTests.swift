@testable import CampusLibrary
import Foundation
import Lifecycle
import Testing

@Suite("NoteDraft")
@MainActor
struct NoteDraftTests {
    let clock = VirtualClock()
    let fileSystem = MemoryFileSystem()
    let path = "/data/notes/austen-pride.json"

    func makeDraft() -> NoteDraft {
        let store = FileNoteStore(directory: "/data/notes", fileSystem: fileSystem)
        let draft = NoteDraft(bookID: TestBooks.pride.id, store: store, clock: clock, logger: .disabled)
        return draft
    }

    @Test("rapid edits coalesce into one write 300 ms after the last one")
    func debounceCoalesces() throws {
        let draft = makeDraft()
        draft.hydrate()
        draft.edit("C")
        clock.advance(by: .milliseconds(200))
        draft.edit("Ch")
        clock.advance(by: .milliseconds(200))
        draft.edit("Cha")
        #expect(draft.saveState == .pending)
        clock.advance(by: .milliseconds(299))
        #expect(fileSystem.writeCount(path) == 0)
        clock.advance(by: .milliseconds(1))
        #expect(fileSystem.writeCount(path) == 1)
        #expect(draft.saveState == .saved)
        #expect(try FileNoteStore(directory: "/data/notes", fileSystem: fileSystem).note(for: TestBooks.pride.id)?.text == "Cha")
    }

    @Test("a flush writes the pending edit at once and cancels the debounce")
    func flushWritesAtOnce() {
        let draft = makeDraft()
        draft.hydrate()
        draft.edit("Chapter one")
        draft.flush()
        #expect(fileSystem.writeCount(path) == 1)
        #expect(draft.saveState == .saved)
        clock.advance(by: .seconds(1))
        #expect(fileSystem.writeCount(path) == 1)
    }

    @Test("nothing is written before the stored note has been read")
    func hydrationGuard() throws {
        let store = FileNoteStore(directory: "/data/notes", fileSystem: fileSystem)
        try store.save(Note(bookID: TestBooks.pride.id, text: "saved earlier", updatedAt: Date()))
        let draft = makeDraft()
        draft.edit("")
        draft.flush()
        clock.advance(by: .seconds(1))
        #expect(try store.note(for: TestBooks.pride.id)?.text == "saved earlier")
        draft.hydrate()
        #expect(draft.text == "saved earlier")
    }

    @Test("an identical text is not an edit and writes nothing")
    func identicalTextIsNotAnEdit() {
        let draft = makeDraft()
        draft.hydrate()
        draft.edit("")
        clock.advance(by: .seconds(1))
        #expect(fileSystem.writeCount(path) == 0)
        #expect(draft.saveState == .saved)
    }

    @Test("a failed write shows the failure, keeps the text and retries until it succeeds")
    func failureIsShownAndRetried() {
        let draft = makeDraft()
        draft.hydrate()
        fileSystem.failsWrites = true
        draft.edit("unsaved thought")
        clock.advance(by: .milliseconds(300))
        guard case .failed = draft.saveState else {
            Issue.record("expected a failed save, got \(draft.saveState)")
            return
        }
        #expect(draft.text == "unsaved thought")
        fileSystem.failsWrites = false
        clock.advance(by: .seconds(1))
        #expect(draft.saveState == .saved)
        #expect(fileSystem.writeCount(path) == 1)
    }

    @Test("clearing the text removes the stored note")
    func emptyTextRemovesTheNote() throws {
        let draft = makeDraft()
        draft.hydrate()
        draft.edit("x")
        draft.flush()
        draft.edit("")
        draft.flush()
        #expect(fileSystem.contents(path) == nil)
        #expect(draft.saveState == .saved)
    }
}
