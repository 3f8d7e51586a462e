/// How ``ProcessHost`` sets up an interactive terminal while the app is in the foreground.
///
/// Every setting is undone when the app leaves the foreground (suspension, termination, hang-up,
/// a crash). Ignored when standard input or output is not a terminal. A `Sendable` value chosen by
/// the app.
public struct TerminalOptions: Hashable, Sendable {
    /// Keys arrive one at a time without echo (no canonical line editing). Ctrl-C and Ctrl-Z still
    /// produce `SIGINT` and `SIGTSTP`.
    public var rawInput: Bool
    /// The terminal reports focus in and out (`ESC[?1004h`), mapped to active and inactive.
    public var focusReporting: Bool
    /// The app draws on the alternate screen, leaving the shell's scrollback untouched.
    public var alternateScreen: Bool
    /// The cursor is hidden while the app is in the foreground.
    public var hidesCursor: Bool

    /// Creates options; by default raw input and focus reporting, on the normal screen.
    public init(
        rawInput: Bool = true, focusReporting: Bool = true, alternateScreen: Bool = false, hidesCursor: Bool = false
    ) {
        self.rawInput = rawInput
        self.focusReporting = focusReporting
        self.alternateScreen = alternateScreen
        self.hidesCursor = hidesCursor
    }

    /// A full-screen app: raw input, focus reporting, alternate screen, hidden cursor.
    public static let fullScreen = TerminalOptions(alternateScreen: true, hidesCursor: true)

    /// The escape sequence that turns the options on.
    var enableSequence: String {
        var sequence = ""
        if alternateScreen { sequence += "\u{1B}[?1049h" }
        if hidesCursor { sequence += "\u{1B}[?25l" }
        if focusReporting { sequence += "\u{1B}[?1004h" }
        return sequence
    }

    /// The escape sequence that turns them off again, in reverse order.
    var disableSequence: String {
        var sequence = ""
        if focusReporting { sequence += "\u{1B}[?1004l" }
        if hidesCursor { sequence += "\u{1B}[?25h" }
        if alternateScreen { sequence += "\u{1B}[?1049l" }
        return sequence
    }
}
