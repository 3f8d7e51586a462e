import Lifecycle

/// A key press as the terminal front-end sees it. A `Sendable` value.
public enum TerminalKey: Hashable, Sendable {
    /// A printable character.
    case character(Character)
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

    /// Decodes the keys in bytes read from a terminal in raw mode. Escape sequences for the arrow
    /// keys are recognised; an escape at the end of the read is the Escape key; unknown sequences
    /// are dropped; invalid UTF-8 is skipped.
    public static func decode(_ bytes: [UInt8]) -> [TerminalKey] {
        var keys: [TerminalKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "O") {
                    switch bytes[index + 2] {
                    case UInt8(ascii: "A"): keys.append(.up)
                    case UInt8(ascii: "B"): keys.append(.down)
                    case UInt8(ascii: "C"): keys.append(.right)
                    case UInt8(ascii: "D"): keys.append(.left)
                    default: break
                    }
                    index += 3
                    // Skip the rest of a longer CSI sequence (parameters end with a final byte).
                    if bytes[index - 1] >= 0x30, bytes[index - 1] <= 0x3F {
                        while index < bytes.count, bytes[index] < 0x40 || bytes[index] > 0x7E { index += 1 }
                        index += 1
                    }
                } else {
                    keys.append(.escape)
                    index += 1
                }
            case 0x0D, 0x0A:
                keys.append(.enter)
                index += 1
            case 0x7F, 0x08:
                keys.append(.backspace)
                index += 1
            case 0x09:
                keys.append(.tab)
                index += 1
            case 0x01...0x1A:
                keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
                index += 1
            case 0x00..<0x20:
                index += 1
            default:
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                let end = min(index + length, bytes.count)
                if let text = String(validating: bytes[index..<end], as: UTF8.self), let character = text.first {
                    keys.append(.character(character))
                }
                index = end
            }
        }
        return keys
    }
}
