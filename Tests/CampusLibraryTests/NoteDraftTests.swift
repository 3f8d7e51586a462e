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
}
