/// Fitting text into terminal cells: truncation with an ellipsis, padding and word wrapping.
/// Counts one cell per character. A namespace; pure functions.
public enum TextLayout {
    /// `text` cut to `width` cells (with `…` when cut), control characters replaced by spaces.
    public static func fit(_ text: String, width: Int) -> String {
        let clean = String(text.map { $0.isNewline || $0 == "\t" || ($0.asciiValue.map { $0 < 0x20 } ?? false) ? " " : $0 })
        guard clean.count > width else { return clean }
        guard width > 1 else { return String(clean.prefix(width)) }
        return String(clean.prefix(width - 1)) + "…"
    }

    /// `text` fitted to `width` and padded with spaces to exactly `width` cells.
    public static func pad(_ text: String, width: Int) -> String {
        let fitted = fit(text, width: width)
        return fitted + String(repeating: " ", count: max(0, width - fitted.count))
    }

    /// `left` and `right` on one line of `width` cells, `right` aligned to the end.
    public static func spread(_ left: String, _ right: String, width: Int) -> String {
        let right = fit(right, width: max(width / 2, 1))
        let left = fit(left, width: max(width - right.count - 1, 0))
        return left + String(repeating: " ", count: max(1, width - left.count - right.count)) + right
    }

    /// `text` broken into lines of at most `width` cells, at spaces where possible; explicit
    /// newlines are kept. An empty text is one empty line. Each character is counted once, so
    /// the time is in proportion to the text (a note editor wraps its whole note at each frame).
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(width, 1)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineCount = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var rest = Substring(word)
                var restCount = rest.count
                while restCount > width {
                    if !line.isEmpty {
                        lines.append(line)
                        line = ""
                        lineCount = 0
                    }
                    let cut = rest.index(rest.startIndex, offsetBy: width)
                    lines.append(String(rest[..<cut]))
                    rest = rest[cut...]
                    restCount -= width
                }
                if line.isEmpty {
                    line = String(rest)
                    lineCount = restCount
                } else if lineCount + 1 + restCount <= width {
                    line += " " + rest
                    lineCount += 1 + restCount
                } else {
                    lines.append(line)
                    line = String(rest)
                    lineCount = restCount
                }
            }
            lines.append(line)
        }
        return lines
    }
}
