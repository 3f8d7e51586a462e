/// Decodes the bytes read from a terminal (or a pipe) into ``TerminalInput``: UTF-8 characters,
/// control keys, CSI and SS3 escape sequences, and focus reports.
///
/// ```swift
/// var parser = InputParser()
/// parser.feed(Array("a\u{1B}[O".utf8))   // [.key(.character("a")), .focusOut]
/// ```
///
/// Input may arrive split anywhere, so an incomplete sequence is kept until more bytes come. A
/// lone `ESC` is ambiguous (the Escape key, or the start of a sequence): the owner calls
/// ``flush()`` after a short timeout to resolve it as ``KeyPress/escape``. A value type owned by
/// its ``ProcessHost``.
public struct InputParser: Sendable {
    private var pending: [UInt8] = []

    /// Creates a parser with nothing pending.
    public init() {}

    /// Whether bytes of an incomplete sequence are waiting for more input or a ``flush()``.
    public var hasPending: Bool { !pending.isEmpty }

    /// Appends `bytes` and returns every complete input they finish, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [TerminalInput] {
        pending.append(contentsOf: bytes)
        var events: [TerminalInput] = []
        var index = 0
        while index < pending.count {
            guard let (event, length) = Self.decode(pending, at: index, final: false) else { break }
            if let event { events.append(event) }
            index += length
        }
        pending.removeFirst(index)
        return events
    }

    /// Resolves whatever is pending as if no more bytes will follow: a lone `ESC` becomes
    /// ``KeyPress/escape``, an incomplete sequence ``KeyPress/unknown(_:)``.
    public mutating func flush() -> [TerminalInput] {
        var events: [TerminalInput] = []
        var index = 0
        while index < pending.count {
            guard let (event, length) = Self.decode(pending, at: index, final: true) else { break }
            if let event { events.append(event) }
            index += length
        }
        pending.removeAll()
        return events
    }

    /// Decodes one input at `start`: the event (or `nil` for bytes that produce none) and the
    /// number of bytes it used, or `nil` if more bytes are needed and `final` is false.
    private static func decode(_ bytes: [UInt8], at start: Int, final: Bool) -> (TerminalInput?, Int)? {
        let byte = bytes[start]
        switch byte {
        case 0x1B:
            return decodeEscape(bytes, at: start, final: final)
        case 0x0D:
            if start + 1 < bytes.count, bytes[start + 1] == 0x0A { return (.key(.enter), 2) }
            return (.key(.enter), 1)
        case 0x0A:
            return (.key(.enter), 1)
        case 0x09:
            return (.key(.tab), 1)
        case 0x7F, 0x08:
            return (.key(.backspace), 1)
        case 0x01...0x1A:
            return (.key(.control(Character(Unicode.Scalar(byte + 0x60)))), 1)
        case 0x00, 0x1C...0x1F:
            return (.key(.unknown([byte])), 1)
        case 0x20..<0x80:
            return (.key(.character(Character(Unicode.Scalar(byte)))), 1)
        default:
            return decodeUTF8(bytes, at: start, final: final)
        }
    }

    private static func decodeEscape(_ bytes: [UInt8], at start: Int, final: Bool) -> (TerminalInput?, Int)? {
        guard start + 1 < bytes.count else { return final ? (.key(.escape), 1) : nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            return decodeCSI(bytes, at: start, final: final)
        case UInt8(ascii: "O"):
            guard start + 2 < bytes.count else { return final ? (.key(.unknown([0x1B, 0x4F])), 2) : nil }
            let key: KeyPress =
                switch bytes[start + 2] {
                case UInt8(ascii: "A"): .up
                case UInt8(ascii: "B"): .down
                case UInt8(ascii: "C"): .right
                case UInt8(ascii: "D"): .left
                case UInt8(ascii: "H"): .home
                case UInt8(ascii: "F"): .end
                default: .unknown(Array(bytes[start...(start + 2)]))
                }
            return (.key(key), 3)
        default:
            return (.key(.escape), 1)
        }
    }

    /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), one final byte (0x40–0x7E).
    private static func decodeCSI(_ bytes: [UInt8], at start: Int, final: Bool) -> (TerminalInput?, Int)? {
        var index = start + 2
        while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.count else {
            return final ? (.key(.unknown(Array(bytes[start...]))), bytes.count - start) : nil
        }
        let finalByte = bytes[index]
        let sequence = Array(bytes[start...index])
        let length = index - start + 1
        guard (0x40...0x7E).contains(finalByte) else { return (.key(.unknown(sequence)), length) }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        switch (parameters, finalByte) {
        case ("", UInt8(ascii: "I")): return (.focusIn, length)
        case ("", UInt8(ascii: "O")): return (.focusOut, length)
        case ("", UInt8(ascii: "A")): return (.key(.up), length)
        case ("", UInt8(ascii: "B")): return (.key(.down), length)
        case ("", UInt8(ascii: "C")): return (.key(.right), length)
        case ("", UInt8(ascii: "D")): return (.key(.left), length)
        case ("", UInt8(ascii: "H")), ("1", UInt8(ascii: "~")), ("7", UInt8(ascii: "~")): return (.key(.home), length)
        case ("", UInt8(ascii: "F")), ("4", UInt8(ascii: "~")), ("8", UInt8(ascii: "~")): return (.key(.end), length)
        case ("3", UInt8(ascii: "~")): return (.key(.delete), length)
        case ("5", UInt8(ascii: "~")): return (.key(.pageUp), length)
        case ("6", UInt8(ascii: "~")): return (.key(.pageDown), length)
        default: return (.key(.unknown(sequence)), length)
        }
    }

    private static func decodeUTF8(_ bytes: [UInt8], at start: Int, final: Bool) -> (TerminalInput?, Int)? {
        let lead = bytes[start]
        let length: Int =
            switch lead {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0 else { return (.key(.unknown([lead])), 1) }
        let available = min(length, bytes.count - start)
        for offset in 1..<available where !(0x80...0xBF).contains(bytes[start + offset]) {
            return (.key(.unknown(Array(bytes[start..<(start + offset)]))), offset)
        }
        guard available == length else {
            return final ? (.key(.unknown(Array(bytes[start...]))), available) : nil
        }
        let scalarBytes = bytes[start..<(start + length)]
        let text = String(decoding: scalarBytes, as: UTF8.self)
        guard let character = text.first, text.unicodeScalars.first?.value != 0xFFFD else {
            return (.key(.unknown(Array(scalarBytes))), length)
        }
        return (.key(.character(character)), length)
    }
}
