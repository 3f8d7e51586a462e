import Lifecycle

/// The launch placeholder: the same content the terminal shows before the app draws anything
/// (the app's name, centred), so the hand-over into the app is invisible — never a flash of
/// signed-out interface and never a second, different loading state. A namespace.
public enum LaunchPlaceholderView {
    /// The placeholder frame.
    public static func render(size: ScreenSize) -> Frame {
        let title = "Campus Library"
        var lines = Array(repeating: "", count: size.rows)
        let padding = String(repeating: " ", count: max(0, (size.columns - title.count) / 2))
        lines[size.rows / 2] = padding + title
        return Frame(lines: lines, size: size)
    }
}
