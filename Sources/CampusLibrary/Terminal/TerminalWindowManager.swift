import Lifecycle

/// What the terminal front-end asks of the host that owns the process and its windows — the part
/// of "the system" a person reaches through the keyboard: open, switch and close windows, suspend
/// the process (Ctrl-Z) and quit.
///
/// Implemented by the terminal host of the `campus-library` executable (or by a test double);
/// retained by the host, referenced weakly by ``TerminalShell``. Lives on the main actor.
@MainActor
public protocol TerminalWindowManager: AnyObject {
    /// The open windows, in the order the switcher lists them.
    var windowIDs: [SceneSessionID] { get }
    /// The window on screen (foreground active), if any.
    var activeWindowID: SceneSessionID? { get }
    /// Opens a new window with `options` and brings it to the screen.
    func openWindow(_ options: ConnectionOptions)
    /// Brings window `id` to the screen; the previous one moves to the background.
    func activateWindow(_ id: SceneSessionID)
    /// Closes window `id` for good (its session is discarded).
    func closeWindow(_ id: SceneSessionID)
    /// Suspends the process as Ctrl-Z does in a shell; `fg` resumes it.
    func suspendProcess()
    /// Ends the app (the runtime's `willTerminate`, then exit).
    func quit()
}
