/// The help overlay: every key, grouped. A namespace.
public enum HelpView {
    /// The help lines.
    public static let lines = [
        " Campus Library — keys",
        "",
        " Windows",
        "   Ctrl-N      open a new window          Tab        next window",
        "   Ctrl-O      list windows (⏎ switch, x close)",
        "   Ctrl-X      close this window          Ctrl-Z     suspend (fg resumes)",
        "   Ctrl-C      quit (windows are restored at the next launch)    Ctrl-S     save now",
        "",
        " Screens",
        "   Ctrl-B      borrowing basket           Ctrl-P     profile, sign-in, analytics",
        "   Ctrl-R      reading list",
        "   Esc         back                       Ctrl-G     this help",
        "",
        " Search        type to search; ↑↓ select; ⏎ open the selected book",
        " Book          n write notes; a add to / remove from the basket; r the reading list",
        " Notes         type or paste; ⏎ new line; saved automatically (✓ saved / … saving / ✗ not saved)",
        " Basket        ↑↓ select; ⏎ open; d remove",
        " Reading list  ↑↓ select; ⏎ open; s next status (to read → reading → finished); d remove",
        "",
        " Links: campuslibrary://book/<id> (add ?window=new for a new window)",
        "",
        " Press any key to close this help.",
    ]

    /// The help frame.
    public static func render(size: ScreenSize) -> Frame {
        Frame(lines: lines, size: size)
    }
}
