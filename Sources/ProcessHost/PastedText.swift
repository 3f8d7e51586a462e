/// Pasted bytes made safe to insert as text: escape sequences and control characters removed,
/// the text between them kept.
///
/// ```swift
/// PastedText.cleaned(Array("EVIL\u{1B}[31mRED\u{1B}]0;title\u{07}<end>".utf8))   // "EVILRED<end>"
/// ```
///
/// What goes: escape sequences (CSI `ESC [ … final`, SS3 `ESC O x`, the strings `ESC ] P X ^ _ …`
/// up to `BEL` or `ESC \`, two-byte `ESC x` and charset selections), the C0 controls but tab and
/// line feed, `DEL`, and the C1 controls (U+0080–U+009F). A carriage return, alone or before a
/// line feed, becomes one line feed. Bytes that are not UTF-8 become U+FFFD. One pass over the
/// bytes. A namespace; ``InputParser`` applies it to every ``KeyPress/paste(_:)``.
public enum PastedText {
    /// The text of `bytes`, cleaned.
    public static func cleaned(_ bytes: [UInt8]) -> String {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                index = endOfEscape(bytes, at: index)
                continue
            case 0x0D:
                kept.append(0x0A)
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            case 0x09, 0x0A:
                kept.append(byte)
            case 0x00...0x1F, 0x7F:
                break
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                index += 1
            default:
                kept.append(byte)
            }
            index += 1
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// The index after the escape sequence that starts at `start` (an `ESC`).
    static func endOfEscape(_ bytes: [UInt8], at start: Int) -> Int {
        let next = start + 1
        guard next < bytes.count else { return next }
        switch bytes[next] {
        case UInt8(ascii: "["):
            var index = next + 1
            while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
            return index < bytes.count && (0x40...0x7E).contains(bytes[index]) ? index + 1 : index
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            return endOfControlString(bytes, from: next + 1) ?? next + 1
        case UInt8(ascii: "O"):
            return min(next + 2, bytes.count)
        case 0x20...0x2F:
            var index = next
            while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
            return min(index + 1, bytes.count)
        default:
            return next + 1
        }
    }

    /// The index after the terminator (`BEL` or `ESC \`) of a control string whose body starts at
    /// `start`, or `nil` if it has none: then only its introducer is dropped, and the text after
    /// it kept.
    private static func endOfControlString(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x07 { return index + 1 }
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") { return index + 2 }
            index += 1
        }
        return nil
    }
}
