/// How ``ProcessHost`` sets up an interactive terminal while the app is in the foreground.
///
/// Every setting is undone when the app leaves the foreground (suspension, termination, hang-up,
/// a crash). Ignored when standard input or output is not a terminal. A `Sendable` value chosen by
/// the app.
public struct TerminalOptions: Hashable, Sendable {
    /// Keys arrive one at a time without echo (no canonical line editing) and without output flow
    /// control (`IXON` off), so Ctrl-S and Ctrl-Q reach the app as keys instead of freezing and
    /// thawing its output. Ctrl-C, Ctrl-\\ and Ctrl-Z still produce `SIGINT`, `SIGQUIT` and
    /// `SIGTSTP`.
    public var rawInput: Bool
    /// The terminal reports focus in and out (`ESC[?1004h`), mapped to active and inactive.
    public var focusReporting: Bool
    /// The app draws on the alternate screen, leaving the shell's scrollback untouched.
    public var alternateScreen: Bool
    /// The cursor is hidden while the app is in the foreground.
    public var hidesCursor: Bool
    /// The terminal marks pasted text (`ESC[?2004h`), which arrives as one ``KeyPress/paste(_:)``
    /// instead of as keys: a paste is never taken for commands, and a large one is one edit.
    public var bracketedPaste: Bool

    /// Creates options; by default raw input, focus reporting and bracketed paste, on the normal
    /// screen.
    public init(
        rawInput: Bool = true, focusReporting: Bool = true, alternateScreen: Bool = false, hidesCursor: Bool = false,
        bracketedPaste: Bool = true
    ) {
        self.rawInput = rawInput
        self.focusReporting = focusReporting
        self.alternateScreen = alternateScreen
        self.hidesCursor = hidesCursor
        self.bracketedPaste = bracketedPaste
    }

    /// A full-screen app: raw input, focus reporting, bracketed paste, alternate screen, hidden
    /// cursor.
    public static let fullScreen = TerminalOptions(alternateScreen: true, hidesCursor: true)

    /// The escape sequence that turns the options on.
    var enableSequence: String {
        var sequence = ""
        if alternateScreen { sequence += "\u{1B}[?1049h" }
        if hidesCursor { sequence += "\u{1B}[?25l" }
        if focusReporting { sequence += "\u{1B}[?1004h" }
        if bracketedPaste { sequence += "\u{1B}[?2004h" }
        return sequence
    }

    /// The escape sequence that turns them off again, in reverse order.
    var disableSequence: String {
        var sequence = ""
        if bracketedPaste { sequence += "\u{1B}[?2004l" }
        if focusReporting { sequence += "\u{1B}[?1004l" }
        if hidesCursor { sequence += "\u{1B}[?25h" }
        if alternateScreen { sequence += "\u{1B}[?1049l" }
        return sequence
    }
}
