@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import Testing

@Suite("NoteDraft")
@MainActor
struct NoteDraftTests {
    let clock = VirtualClock()
    let fileSystem = MemoryFileSystem()
    let runtime: LifecycleRuntime
    let path = "/data/notes/austen-pride.json"

    init() {
        runtime = LifecycleRuntime(clock: clock)
    }

    func makeDraft() -> NoteDraft {
        NoteDraft(bookID: TestBooks.pride.id, storage: storage(), runtime: runtime, logger: .disabled)
    }

    func storage() -> DurableValueStorage<String> {
        DurableValueStorage<String>(storage: StorageEnvironment(fileSystem: fileSystem), path: path, clock: clock)
    }

    func stored() throws -> String? {
        try storage().loadNow()
    }

    @Test("rapid edits coalesce into one write 300 ms after the last one")
    func debounceCoalesces() async throws {
        let draft = makeDraft()
        await draft.hydrate()
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
        #expect(try stored() == "Cha")
    }

    @Test("a flush writes the pending edit at once and cancels the debounce")
    func flushWritesAtOnce() async throws {
        let draft = makeDraft()
        await draft.hydrate()
        draft.edit("Chapter one")
        draft.flush()
        #expect(fileSystem.writeCount(path) == 1)
        #expect(draft.saveState == .saved)
        clock.advance(by: .seconds(1))
        #expect(fileSystem.writeCount(path) == 1)
    }

    @Test("nothing is written before the stored note has been read")
    func hydrationGuard() async throws {
        try storage().saveNow("saved earlier")
        let draft = makeDraft()
        draft.edit("")
        draft.flush()
        clock.advance(by: .seconds(1))
        #expect(try stored() == "saved earlier")
        await draft.hydrate()
        #expect(draft.text == "saved earlier")
    }

    @Test("an identical text is not an edit and writes nothing")
    func identicalTextIsNotAnEdit() async throws {
        let draft = makeDraft()
        await draft.hydrate()
        draft.edit("")
        clock.advance(by: .seconds(1))
        #expect(fileSystem.writeCount(path) == 0)
        #expect(draft.saveState == .saved)
    }

    @Test("a failed write shows the failure, keeps the text and retries, backing off, until it succeeds")
    func failureIsShownAndRetried() async throws {
        let draft = makeDraft()
        await draft.hydrate()
        fileSystem.failsWrites = true
        draft.edit("unsaved thought")
        clock.advance(by: .milliseconds(300))
        guard case .failed = draft.saveState else {
            Issue.record("expected a failed save, got \(draft.saveState)")
            return
        }
        #expect(draft.text == "unsaved thought")
        clock.advance(by: .seconds(3))
        guard case .failed = draft.saveState else {
            Issue.record("expected the retries to fail while the disk does, got \(draft.saveState)")
            return
        }
        fileSystem.failsWrites = false
        clock.advance(by: .seconds(1))
        #expect(draft.saveState != .saved, "the next try comes 4 s after the third failure (at 3.3 s)")
        clock.advance(by: .seconds(3))
        #expect(draft.saveState == .saved)
        #expect(try stored() == "unsaved thought")
    }

    @Test("a second draft on the same file sees what the first one saved")
    func survivesANewDraft() async throws {
        let first = makeDraft()
        await first.hydrate()
        first.edit("Elizabeth")
        first.flush()
        let second = makeDraft()
        await second.hydrate()
        #expect(second.text == "Elizabeth")
    }

    @Test("text that would take the note over its limit is refused before it is shown, with the reason, and kept beside the note")
    func overLimitRefused() async throws {
        let recovery = NoteRecovery(directory: "/data/notes", fileSystem: fileSystem)
        try fileSystem.createDirectory(at: "/data/notes", permissions: 0o700)
        let draft = NoteDraft(
            bookID: TestBooks.pride.id, storage: DurableValueStorage<String>(storage: StorageEnvironment(fileSystem: fileSystem), path: path, sizeLimit: 1024, clock: clock),
            runtime: runtime, logger: .disabled, recovery: recovery, sizeLimit: 1024)
        await draft.hydrate()
        #expect(draft.append("Chapter one. "))
        let paste = String(repeating: "x", count: 2_000)
        #expect(!draft.append(paste))
        #expect(draft.text == "Chapter one. ")
        #expect(draft.refusal?.contains("over its limit of 1,024") == true, "\(draft.refusal ?? "no refusal")")
        let kept = try #require(recovery.refusedCopies(of: TestBooks.pride.id).first)
        #expect(draft.refusal?.contains(kept) == true)
        #expect(fileSystem.contents(kept) == Data(paste.utf8))
        #expect(draft.append("Chapter two."))
        #expect(draft.refusal == nil)
        clock.advance(by: .milliseconds(300))
        #expect(try stored() == "Chapter one. Chapter two.")
    }

    @Test("the text of a save that keeps failing is kept beside the note, put back at the next launch, and removed once saved")
    func unsavedTextSurvivesQuit() async throws {
        let recovery = NoteRecovery(directory: "/data/notes", fileSystem: fileSystem)
        let typed = "typed while the note could not be saved"
        do {
            let draft = NoteDraft(bookID: TestBooks.pride.id, storage: storage(), runtime: runtime, logger: .disabled, recovery: recovery)
            await draft.hydrate()
            fileSystem.failsWritesOfPathsStarting = "/data/notes/.austen-pride.json"
            draft.edit(typed)
            clock.advance(by: .milliseconds(300))
            guard case .failed = draft.saveState else { throw TestFailure("the save did not fail: \(draft.saveState)") }
            #expect(recovery.unsaved(of: TestBooks.pride.id, sizeLimit: 1024) == typed)
        }
        fileSystem.failsWritesOfPathsStarting = nil
        let relaunched = NoteDraft(
            bookID: TestBooks.pride.id, storage: storage(), runtime: LifecycleRuntime(clock: clock), logger: .disabled, recovery: recovery)
        await relaunched.hydrate()
        #expect(relaunched.text == typed)
        #expect(relaunched.recoveryMessage?.contains("was put back") == true)
        clock.advance(by: .milliseconds(300))
        #expect(relaunched.saveState == .saved)
        #expect(try stored() == typed)
        #expect(recovery.unsaved(of: TestBooks.pride.id, sizeLimit: 1024) == nil)
    }
}

