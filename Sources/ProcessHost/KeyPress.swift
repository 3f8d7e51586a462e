/// One key the user pressed, decoded from the terminal's byte stream by ``ProcessHost``.
///
/// A `Sendable` value delivered to ``ProcessHost/onKey`` on the main actor.
public enum KeyPress: Hashable, Sendable, CustomStringConvertible {
    /// A printable character (UTF-8 decoded).
    case character(Character)
    /// Return or line feed.
    case enter
    /// Tab.
    case tab
    /// Backspace or delete-left.
    case backspace
    /// A lone Escape key.
    case escape
    /// Delete-right.
    case delete
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// A control combination, named by its lowercase letter: Ctrl-A is `control("a")`.
    case control(Character)
    /// Text pasted at once, between a terminal's bracketed-paste markers
    /// (``TerminalOptions/bracketedPaste``): its control characters and escape sequences removed
    /// (``PastedText``), line breaks as `\n`. A text field takes it as one edit; a screen of
    /// single-key commands ignores it, so pasted letters are never commands.
    case paste(String)
    /// A sequence the reader does not name, with its bytes.
    case unknown([UInt8])

    /// A short readable name, such as `a`, `enter` or `ctrl-c`.
    public var description: String {
        switch self {
        case .character(let character): String(character)
        case .enter: "enter"
        case .tab: "tab"
        case .backspace: "backspace"
        case .escape: "escape"
        case .delete: "delete"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pageUp"
        case .pageDown: "pageDown"
        case .control(let letter): "ctrl-\(letter)"
        case .paste(let text): "paste(\(text.utf8.count) bytes)"
        case .unknown(let bytes): "unknown(\(bytes.map { String($0, radix: 16) }.joined(separator: " ")))"
        }
    }
}
