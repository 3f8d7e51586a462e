/// What the terminal's input stream carries: keys, and focus reports (`ESC[I`, `ESC[O`) once
/// focus reporting is on. A `Sendable` value produced by ``InputParser``.
public enum TerminalInput: Hashable, Sendable {
    /// A key press.
    case key(KeyPress)
    /// The terminal window gained focus.
    case focusIn
    /// The terminal window lost focus.
    case focusOut
}
