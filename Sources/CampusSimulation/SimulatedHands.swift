import CampusLibrary
import Lifecycle

/// The simulated student's hands: key presses and pastes into the same ``TerminalShell`` the
/// terminal app drives, on the window of the scene the student acts in — so a bug that lives only
/// in a screen (a model that keeps typed text, a list that forgets its selection) is as reachable
/// as it is for a person at the keyboard. Window management belongs to the simulator (it
/// connects, activates and disconnects scenes as the OS does): the shell's window-manager
/// requests are ignored. One per process incarnation, made by ``CampusIncarnation``; main actor.
@MainActor
final class SimulatedHands: TerminalWindowManager {
    private let composition: AppComposition
    private lazy var shell = TerminalShell(composition: composition, windows: self)
    /// The window the keys go to: the scene the student acts in, for the duration of an action.
    private(set) var activeWindowID: SceneSessionID?

    init(composition: AppComposition) {
        self.composition = composition
    }

    /// Presses `keys` in the window of `scene`, which the shell first lets load what it shows
    /// (as the terminal does before drawing it).
    func press(_ keys: [TerminalKey], in scene: SceneSessionID) {
        activeWindowID = scene
        defer { activeWindowID = nil }
        shell.prepareActiveWindow()
        for key in keys { shell.handle(key) }
    }

    var windowIDs: [SceneSessionID] { composition.windows.keys.sorted { $0.rawValue < $1.rawValue } }
    func openWindow(_ options: ConnectionOptions) {}
    func activateWindow(_ id: SceneSessionID) {}
    func closeWindow(_ id: SceneSessionID) {}
    func suspendProcess() {}
    func quit() {}
}
