import CampusLibrary

/// Turns a ``Frame`` into the escape sequences that draw it: only the lines that changed since the
/// previous frame, then the cursor (shown where the frame puts it, hidden otherwise). A namespace.
enum ANSIScreen {
    static func draw(_ frame: Frame, replacing previous: Frame?) -> String {
        var output = previous == nil ? "\u{1B}[H\u{1B}[2J" : ""
        output += "\u{1B}[?25l"
        for (row, line) in frame.lines.enumerated() where previous?.lines.indices.contains(row) != true || previous?.lines[row] != line {
            output += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[K"
        }
        if let cursor = frame.cursor {
            output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
        }
        return output
    }
}
