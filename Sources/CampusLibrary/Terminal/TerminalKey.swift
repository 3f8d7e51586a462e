/// A key press as the terminal front-end sees it. A `Sendable` value.
public enum TerminalKey: Hashable, Sendable {
    /// A printable character.
    case character(Character)
    /// Text pasted at once (a terminal's bracketed paste): a text field takes it whole, as one
    /// edit; a screen without a text field ignores it, so that pasted letters are not commands.
    case paste(String)
    /// Return.
    case enter
    /// Backspace (DEL or ^H).
    case backspace
    /// Escape.
    case escape
    /// Tab.
    case tab
    /// An arrow key.
    case up, down, left, right
    /// A control chord, such as `.control("n")` for Ctrl-N (lowercase letter).
    case control(Character)
}
