import Lifecycle

/// The window switcher overlay: every open window with its screen and selection, the highlighted
/// one marked. A pure function of the windows' state. A namespace.
public enum WindowSwitcherView {
    /// The switcher frame for `windows` (in order, `nil` for a window still connecting).
    @MainActor
    public static func render(
        windows: [WindowModel?], active: Int?, highlighted: Int, size: ScreenSize
    ) -> Frame {
        var lines = [" Windows", ""]
        for (index, window) in windows.enumerated() {
            let marker = index == highlighted ? " ▸ " : "   "
            let current = index == active ? " (current)" : ""
            guard let window else {
                lines.append(marker + "\(index + 1)  connecting…")
                continue
            }
            var summary = "\(index + 1)  \(WindowView.screenName(window.screen))"
            if !window.search.query.isEmpty { summary += " · search “\(window.search.query)”" }
            if let book = window.search.selectedBook { summary += " · ◆ \(book.title)" }
            lines.append(marker + summary + current)
        }
        lines.append("")
        lines.append(" ↑↓ select · ⏎ switch · x close · Ctrl-N new · Esc cancel")
        return Frame(lines: lines, size: size)
    }
}
