import DurableState
import Foundation
import Lifecycle
import NotesAndLists
import Testing

/// The app on real files and the real clock, as it ships: no simulator, no history.
@Suite("Notes and Lists on a device")
@MainActor
struct NotesAppTests {
    @Test("lists, items and a window's open list survive a relaunch on real files")
    func survivesRelaunch() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-and-lists-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try POSIXFileSystem().createDirectory(at: directory, permissions: 0o700)

        let first = launch(in: directory)
        let session = SceneSessionID("window-1")
        try first.runtime.handle(.connectScene(SceneSession(id: session), .none, foreground: true))
        let lists = try #require(screen(of: first.app, session).lists)
        lists.addList()
        lists.open("List 1")
        let list = try #require(screen(of: first.app, session).list)
        try first.runtime.handle(.moveScene(session, to: .foregroundActive))
        // The draft is read in the window's scope: let that task run.
        for _ in 0..<1_000 where !list.isEditable { await Task.yield() }
        list.type("milk")
        list.addItem()
        try first.runtime.handle(.moveScene(session, to: .background))
        first.runtime.markKilled()
        #expect(list.text.isEmpty)

        let second = launch(in: directory)
        try second.runtime.handle(.connectScene(SceneSession(id: session), .none, foreground: true))
        let restored = try #require(screen(of: second.app, session).list)
        #expect(second.app.lists.names == ["List 1"])
        #expect(restored.list == "List 1")
        #expect(restored.items == ["milk"])
    }

    private func launch(in directory: String) -> (app: NotesApp, runtime: LifecycleRuntime) {
        let runtime = LifecycleRuntime(clock: SystemClock())
        let app = NotesApp(environment: NotesEnvironment(runtime: runtime, storage: StorageEnvironment(fileSystem: POSIXFileSystem()), clock: SystemClock(), directory: directory))
        try? runtime.handle(.launch(LaunchOptions(reason: .user)))
        return (app, runtime)
    }

    private func screen(of app: NotesApp, _ id: SceneSessionID) -> (lists: ListsScreen?, list: ListScreen?) {
        switch app.windows[id]?.screen {
        case .lists(let screen): (screen, nil)
        case .list(let screen): (nil, screen)
        case nil: (nil, nil)
        }
    }
}
