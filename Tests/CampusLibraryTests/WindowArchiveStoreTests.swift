@testable import CampusLibrary
import DurableState
import Foundation
import Lifecycle
import LifelineTestSupport
import Testing

@Suite("WindowArchiveStore")
@MainActor
struct WindowArchiveStoreTests {
    let fileSystem = MemoryFileSystem()
    let clock = VirtualClock()

    /// The store of one process.
    func launch() -> WindowArchiveStore {
        WindowArchiveStore(directory: "/", fileSystem: fileSystem, clock: clock)
    }

    /// A first launch that saves ``archive`` and finishes; with `finished: false` it crashes first.
    func launchSaving(finished: Bool) throws {
        let store = launch()
        _ = store.load()
        try store.save(Self.archive)
        if finished { store.markLaunchFinished() }
    }

    static let archive = WindowArchive(
        windows: [.init(id: SceneSessionID("A"), payload: Data("state A".utf8)), .init(id: SceneSessionID("B"), payload: nil)],
        active: SceneSessionID("B")
    )

    @Test("windows, their payloads and the active one come back on the next launch")
    func roundTrip() throws {
        try launchSaving(finished: true)
        #expect(launch().load() == Self.archive)
    }

    @Test("after two launches in a row that never finished, the windows come back without their state")
    func crashLoopGuard() throws {
        try launchSaving(finished: false)
        // This launch and the next crash before their windows are on screen.
        let second = launch()
        #expect(second.load() == Self.archive)
        #expect(second.discardedAfterUnfinishedLaunches == nil)
        let third = launch()
        let discarded = third.load()
        #expect(third.discardedAfterUnfinishedLaunches == 2)
        #expect(discarded.windows.map(\.id) == Self.archive.windows.map(\.id))
        #expect(discarded.windows.allSatisfy { $0.payload == nil })
        #expect(discarded.active == Self.archive.active)
        // The stored archive itself is untouched until the app saves again.
        third.markLaunchFinished()
        #expect(launch().load() == Self.archive)
    }

    @Test("a launch that finished resets the count")
    func finishedLaunchResets() throws {
        try launchSaving(finished: true)
        let second = launch()
        _ = second.load()
        second.markLaunchFinished()
        let third = launch()
        #expect(third.load() == Self.archive)
        #expect(third.discardedAfterUnfinishedLaunches == nil)
    }

    @Test("a 50 MB launches.guard is not read: a few bytes at most, counted as no unfinished launch and written over")
    func hugeLaunchGuard() throws {
        let scratch = try ScratchDirectory()
        let guardPath = scratch.path("launches.guard")
        _ = FileManager.default.createFile(atPath: guardPath, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: guardPath))
        try handle.truncate(atOffset: 50 * 1024 * 1024)
        try handle.close()
        let reads = ReadCountingFileSystem()
        let store = WindowArchiveStore(directory: scratch.url.path, fileSystem: reads, clock: clock)
        _ = store.load()
        #expect(reads.largestRead <= 64, "\(reads.largestRead) bytes read")
        #expect(store.discardedAfterUnfinishedLaunches == nil)
        #expect(try String(contentsOfFile: guardPath, encoding: .utf8) == "1")
    }
}

