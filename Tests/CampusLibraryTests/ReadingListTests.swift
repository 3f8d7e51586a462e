@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import LifecycleSimulator
import Testing

@Suite("ReadingList")
@MainActor
struct ReadingListTests {
    static let path = "/data/reading-list.sqlite"

    func makeList(on disk: SimulatedDisk, clock: VirtualClock = VirtualClock()) -> ReadingList {
        ReadingList(path: Self.path, storage: disk.mount().storage, clock: clock, runtime: nil, logger: .disabled)
    }

    @Test("the screen's model adds, steps and removes books; each change is committed before it is shown saved")
    func changesThroughTheScreen() throws {
        let disk = SimulatedDisk()
        let clock = VirtualClock()
        let list = makeList(on: disk, clock: clock)
        var events: [String] = []
        list.onSave = { event in
            switch event {
            case .writing(let entries): events.append("writing \(entries.count)")
            case .saved(let entries): events.append("saved \(entries.count)")
            case .failed(let kept): events.append("failed, kept \(kept.count)")
            }
        }
        list.load()
        #expect(list.isLoaded)
        list.add(TestBooks.emma)
        clock.advance(by: .seconds(60))
        list.add(TestBooks.moby)
        list.add(TestBooks.moby)
        let screen = ReadingListViewModel(readingList: list)
        screen.advanceHighlighted()
        screen.advanceHighlighted()
        #expect(list.entries.map(\.status) == [.finished, .toRead])
        #expect(list.finishedCount == 1)
        screen.moveHighlight(by: 1)
        screen.removeHighlighted()
        #expect(list.entries.map(\.bookID) == [TestBooks.emma.id])
        #expect(screen.highlightedEntry?.bookID == TestBooks.emma.id)
        #expect(events == ["writing 1", "saved 1", "writing 2", "saved 2", "writing 2", "saved 2", "writing 2", "saved 2", "writing 1", "saved 1"])

        let relaunched = makeList(on: disk, clock: clock)
        relaunched.load()
        #expect(relaunched.entries == list.entries)
        #expect(relaunched.finishedCount == 1)
    }

    @Test("a change the database refuses is not applied: the list stays as stored and says why")
    func refusedChange() throws {
        let disk = SimulatedDisk()
        let list = makeList(on: disk)
        var failures: [[ReadingListEntry]] = []
        list.onSave = { if case .failed(let kept) = $0 { failures.append(kept) } }
        list.load()
        let notices = AppNotices()
        list.notices = notices
        list.add(TestBooks.emma)
        disk.inject(DiskFault(.write, error: .noSpace(Self.path + "-wal"), pathSuffix: "-wal"))
        list.add(TestBooks.moby)
        #expect(list.entries.map(\.bookID) == [TestBooks.emma.id])
        #expect(notices.current?.hasPrefix("Your reading list change was not saved") == true, "the student is told, not only the log")
        #expect(failures.map { $0.map(\.bookID) } == [[TestBooks.emma.id]])
        guard case .notSaved = list.saveError else {
            Issue.record("no save error: \(String(describing: list.saveError))")
            return
        }
        list.add(TestBooks.moby)
        #expect(list.saveError == nil)
        #expect(list.entries.map(\.bookID) == [TestBooks.emma.id, TestBooks.moby.id])
    }

    @Test("a list that cannot be opened stays unavailable, says so, and changes nothing")
    func unopenable() throws {
        let disk = SimulatedDisk()
        let first = makeList(on: disk)
        first.load()
        first.add(TestBooks.emma)
        let newer = try Database(path: Self.path, storage: disk.mount().storage)
        try newer.execute("INSERT INTO \(DatabaseMigrator.recordTable) (identifier) VALUES ('reading-list-v9')")
        newer.close()
        let list = makeList(on: disk)
        list.load()
        #expect(!list.isLoaded)
        #expect(list.loadState.error is ReadingListError)
        list.add(TestBooks.moby)
        #expect(list.entries.isEmpty)
        let frame = ReadingListView.render(ReadingListViewModel(readingList: list), width: 80, height: 10)
        #expect(frame.contains { $0.contains("could not be opened") }, "\(frame)")
    }

    @Test("an empty (0-byte) reading list file is damaged, not new: moved aside, a new list started, and the student told where it is")
    func emptyFileIsDamaged() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("reading-list.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let list = ReadingList(path: path, storage: StorageEnvironment(fileSystem: POSIXFileSystem()), clock: VirtualClock(), runtime: nil, logger: .disabled)
        let notices = AppNotices()
        list.notices = notices
        list.load()
        #expect(list.isLoaded)
        let kept = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.hasPrefix("reading-list.sqlite.corrupt-") }
        #expect(kept.count == 1)
        #expect(list.notice?.contains(scratch.path(kept.first ?? "")) == true, "\(list.notice ?? "no notice")")
        #expect(notices.current == list.notice)
    }
}

