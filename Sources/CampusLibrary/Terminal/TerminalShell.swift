import Lifecycle
import Observation

/// The terminal front-end of the app: turns key presses into intents on the window on screen (or
/// into requests to the host's window manager), and renders that window — behind the launch
/// placeholder while the launch gate is closed — with the help and window-switcher overlays.
///
/// ```swift
/// let shell = TerminalShell(composition: app, windows: host)
/// shell.handle(.character("t"))
/// print(shell.render(size: .standard).text)
/// ```
///
/// Created by the terminal host; lives on the main actor; holds the window manager weakly.
@Observable
@MainActor
public final class TerminalShell {
    /// An overlay drawn instead of the window.
    public enum Overlay: Hashable, Sendable {
        /// The key reference.
        case help
        /// The window switcher with its highlighted row.
        case switcher(highlighted: Int)
    }

    /// The overlay on screen, if any.
    public private(set) var overlay: Overlay?

    /// The app this shell shows.
    @ObservationIgnored public let composition: AppComposition
    @ObservationIgnored private weak var manager: (any TerminalWindowManager)?

    /// Creates the front-end of `composition` whose windows `manager` owns; with no manager, a
    /// driver that owns the windows itself sends keys to one with ``press(_:in:)``.
    public init(composition: AppComposition, windows manager: (any TerminalWindowManager)? = nil) {
        self.composition = composition
        self.manager = manager
    }

    /// The window on screen.
    public var activeWindow: WindowModel? {
        manager?.activeWindowID.flatMap(composition.window(for:))
    }

    /// Lets the window on screen load what it shows (a restored search); call before ``render(size:)``.
    public func prepareActiveWindow() {
        guard !composition.isLaunchGateClosed else { return }
        activeWindow?.appear()
    }

    /// Presses `keys` in `window`, as a person at that window would, once the window has loaded
    /// what it shows (as before it is drawn): its screens' keys and those that open the basket,
    /// the reading list and the profile; keys that manage windows, overlays or the process do
    /// nothing. For a driver that owns the windows itself, such as a simulated user; nothing
    /// happens while the launch gate is closed.
    public func press(_ keys: [TerminalKey], in window: WindowModel) {
        guard !composition.isLaunchGateClosed else { return }
        window.appear()
        for key in keys { handleWindowKey(key, in: window) }
    }

    /// Renders what the terminal shows now.
    public func render(size: ScreenSize) -> Frame {
        if composition.isLaunchGateClosed { return LaunchPlaceholderView.render(size: size) }
        let ids = manager?.windowIDs ?? []
        let activeIndex = manager?.activeWindowID.flatMap { ids.firstIndex(of: $0) }
        switch overlay {
        case .help:
            return HelpView.render(size: size)
        case .switcher(let highlighted):
            return WindowSwitcherView.render(
                windows: ids.map(composition.window(for:)), active: activeIndex, highlighted: highlighted, size: size
            )
        case nil:
            guard let window = activeWindow, let activeIndex else {
                return Frame(lines: ["", " No window is open. Press Ctrl-N to open one, Ctrl-C to quit."], size: size)
            }
            return WindowView.render(
                window, services: composition.services,
                chrome: WindowView.Chrome(position: activeIndex + 1, count: ids.count), size: size
            )
        }
    }

    /// Handles one key press.
    public func handle(_ key: TerminalKey) {
        switch key {
        case .control("c"), .control("q"):
            manager?.quit()
            return
        case .control("z"):
            manager?.suspendProcess()
            return
        case .control("s"):
            // Pressed out of habit to save: everything pending is saved now.
            composition.services.flushPendingWrites()
            return
        default:
            break
        }
        guard !composition.isLaunchGateClosed else { return }
        if let overlay {
            handle(key, in: overlay)
            return
        }
        if key == .escape, composition.services.notices.current != nil {
            composition.services.notices.dismissCurrent()
            return
        }
        guard let manager else { return }
        switch key {
        case .control("n"):
            manager.openWindow(.none)
        case .tab:
            cycleWindows(by: 1)
        case .control("o"):
            let index = manager.activeWindowID.flatMap { manager.windowIDs.firstIndex(of: $0) } ?? 0
            overlay = .switcher(highlighted: index)
        case .control("x"):
            if let id = manager.activeWindowID { manager.closeWindow(id) }
        case .control("g"):
            overlay = .help
        default:
            if let window = activeWindow { handleWindowKey(key, in: window) }
        }
    }

    /// Characters typed in a row (one read of the terminal), handled as their keys would be, but
    /// what reaches a text field — the search field, a note, the sign-in form — goes into it at
    /// once, as one edit: typing or pasting costs one edit per read, not one per character.
    public func type(_ text: String) {
        var rest = Substring(text)
        while let first = rest.first {
            if overlay == nil, !composition.isLaunchGateClosed, let window = activeWindow, takesText(window) {
                handle(.paste(String(rest)))
                return
            }
            handle(.character(first))
            rest = rest.dropFirst()
        }
    }

    /// A key of the window itself: the screens' own, or one that opens a screen on its stack.
    private func handleWindowKey(_ key: TerminalKey, in window: WindowModel) {
        switch key {
        case .control("b"): window.open(.basket)
        case .control("r"): window.open(.readingList)
        case .control("p"): window.open(.profile)
        default: handle(key, in: window)
        }
    }

    private func cycleWindows(by step: Int) {
        guard let manager, !manager.windowIDs.isEmpty else { return }
        let ids = manager.windowIDs
        let current = manager.activeWindowID.flatMap { ids.firstIndex(of: $0) } ?? 0
        let next = ids[(current + step + ids.count) % ids.count]
        if next != manager.activeWindowID { manager.activateWindow(next) }
    }

    private func handle(_ key: TerminalKey, in overlay: Overlay) {
        guard case .switcher(let highlighted) = overlay, let manager else {
            self.overlay = nil
            return
        }
        let ids = manager.windowIDs
        switch key {
        case .up: self.overlay = .switcher(highlighted: max(highlighted - 1, 0))
        case .down: self.overlay = .switcher(highlighted: min(highlighted + 1, max(ids.count - 1, 0)))
        case .enter:
            self.overlay = nil
            if ids.indices.contains(highlighted) { manager.activateWindow(ids[highlighted]) }
        case .character("x"), .character("d"):
            if ids.indices.contains(highlighted) { manager.closeWindow(ids[highlighted]) }
            let remaining = manager.windowIDs.count
            self.overlay = remaining == 0 ? nil : .switcher(highlighted: min(highlighted, remaining - 1))
        case .control("n"):
            self.overlay = nil
            manager.openWindow(.none)
        default:
            self.overlay = nil
        }
    }
}
