@testable import CampusLibrary
import Lifecycle

/// A window manager over a ``TestApp``: windows are scenes of its runtime, all in the foreground.
@MainActor
final class FakeWindowManager: TerminalWindowManager {
    let app: TestApp
    var windowIDs: [SceneSessionID] = []
    var activeWindowID: SceneSessionID?
    var suspended = 0
    var quitRequested = false

    init(app: TestApp) {
        self.app = app
    }

    func openWindow(_ options: ConnectionOptions) {
        let session = SceneSession()
        guard (try? app.connect(session, options: options)) != nil else { return }
        windowIDs.append(session.id)
        activeWindowID = session.id
    }

    func activateWindow(_ id: SceneSessionID) { activeWindowID = id }

    func closeWindow(_ id: SceneSessionID) {
        try? app.runtime.handle(.disconnectScene(id))
        windowIDs.removeAll { $0 == id }
        if activeWindowID == id { activeWindowID = windowIDs.last }
    }

    func suspendProcess() { suspended += 1 }
    func quit() { quitRequested = true }
}
