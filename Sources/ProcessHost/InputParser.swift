/// Decodes the bytes read from a terminal (or a pipe) into ``TerminalInput``: UTF-8 characters,
/// control keys, CSI and SS3 escape sequences, focus reports and bracketed pastes.
///
/// ```swift
/// var parser = InputParser()
/// parser.feed(Array("a\u{1B}[O".utf8))   // [.key(.character("a")), .focusOut]
/// ```
///
/// Input may arrive split anywhere, so an incomplete sequence is kept until more bytes come. A
/// lone `ESC` is ambiguous (the Escape key, or the start of a sequence): the owner calls
/// ``flush()`` after a short timeout to resolve it as ``KeyPress/escape``.
///
/// Between the bracketed-paste markers (`ESC[200~` … `ESC[201~`) bytes are collected as one
/// ``KeyPress/paste(_:)``, cleaned by ``PastedText``: only the end marker is looked for, so a
/// paste of any size costs time in proportion to its bytes, however many reads it takes. A paste
/// ends at its end marker, not at ``flush()`` (its bytes may pause between reads), or once it
/// reaches ``maximumPasteSize``. A value type owned by its ``ProcessHost``.
public struct InputParser: Sendable {
    /// The most bytes one paste collects; a paste that sends more (or a terminal that never sends
    /// the end marker) is delivered in pieces of this size.
    public static let maximumPasteSize = 64 * 1024 * 1024

    private static let pasteStart = Array("\u{1B}[200~".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    private var pending: [UInt8] = []
    /// The bytes of the paste in progress, between its markers; `nil` outside a paste.
    private var paste: [UInt8]?

    /// Creates a parser with nothing pending.
    public init() {}

    /// Whether bytes of an incomplete sequence are waiting for more input or a ``flush()``. A
    /// paste in progress waits for its end marker instead, so it does not count.
    public var hasPending: Bool { paste == nil && !pending.isEmpty }

    /// Appends `bytes` and returns every complete input they finish, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [TerminalInput] {
        pending.append(contentsOf: bytes)
        return decodePending(final: false)
    }

    /// Resolves whatever is pending as if no more bytes will follow: a lone `ESC` becomes
    /// ``KeyPress/escape``, an incomplete sequence ``KeyPress/unknown(_:)``. A paste in progress
    /// is left to wait for its end marker.
    public mutating func flush() -> [TerminalInput] {
        guard paste == nil else { return [] }
        return decodePending(final: true)
    }

    /// Decodes the pending bytes into inputs, keeping an incomplete sequence (unless `final`) and
    /// the bytes of a paste that may begin its end marker.
    private mutating func decodePending(final: Bool) -> [TerminalInput] {
        var events: [TerminalInput] = []
        var index = 0
        while index < pending.count {
            if paste != nil {
                let (next, ended) = collectPaste(from: index, into: &events)
                index = next
                if ended { continue }
                break
            }
            guard let (decoded, length) = Self.decode(pending, at: index, final: final) else { break }
            switch decoded {
            case .input(let event): events.append(event)
            case .pasteStart: paste = []
            }
            index += length
        }
        pending.removeFirst(index)
        return events
    }

    /// Moves the paste's bytes from `start` on into the paste: up to its end marker, then the
    /// paste is delivered and the index after the marker returned with `ended`; else up to the
    /// last bytes that could begin the marker, whose index is returned (they stay pending).
    private mutating func collectPaste(from start: Int, into events: inout [TerminalInput]) -> (next: Int, ended: Bool) {
        let marker = Self.pasteEnd
        var index = start
        while index < pending.count {
            if pending[index] == marker[0] {
                let available = min(marker.count, pending.count - index)
                if pending[index..<(index + available)].elementsEqual(marker[..<available]) {
                    guard available == marker.count else { break }
                    paste?.append(contentsOf: pending[start..<index])
                    deliverPaste(into: &events)
                    return (index + marker.count, true)
                }
            }
            index += 1
        }
        paste?.append(contentsOf: pending[start..<index])
        if let collected = paste, collected.count >= Self.maximumPasteSize {
            deliverPaste(into: &events)
            paste = []
        }
        return (index, false)
    }

    private mutating func deliverPaste(into events: inout [TerminalInput]) {
        guard let bytes = paste else { return }
        paste = nil
        events.append(.key(.paste(PastedText.cleaned(bytes))))
    }

    /// What decoding the bytes at one position produced.
    private enum Decoded {
        /// A key or a focus report.
        case input(TerminalInput)
        /// The start marker of a bracketed paste.
        case pasteStart
    }

    /// Decodes one input at `start`: the event (or `nil` for bytes that produce none) and the
    /// number of bytes it used, or `nil` if more bytes are needed and `final` is false.
    private static func decode(_ bytes: [UInt8], at start: Int, final: Bool) -> (Decoded, Int)? {
        let byte = bytes[start]
        switch byte {
        case 0x1B:
            if bytes[start...].starts(with: pasteStart) { return (.pasteStart, pasteStart.count) }
            return decodeEscape(bytes, at: start, final: final).map { (.input($0.0), $0.1) }
        case 0x0D:
            if start + 1 < bytes.count, bytes[start + 1] == 0x0A { return (.input(.key(.enter)), 2) }
            return (.input(.key(.enter)), 1)
        case 0x0A:
            return (.input(.key(.enter)), 1)
        case 0x09:
            return (.input(.key(.tab)), 1)
        case 0x7F, 0x08:
            return (.input(.key(.backspace)), 1)
        case 0x01...0x1A:
            return (.input(.key(.control(Character(Unicode.Scalar(byte + 0x60))))), 1)
        case 0x00, 0x1C...0x1F:
            return (.input(.key(.unknown([byte]))), 1)
        case 0x20..<0x80:
            return (.input(.key(.character(Character(Unicode.Scalar(byte))))), 1)
        default:
            return decodeUTF8(bytes, at: start, final: final).map { (.input($0.0), $0.1) }
        }
    }

    private static func decodeEscape(_ bytes: [UInt8], at start: Int, final: Bool) -> (TerminalInput, Int)? {
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
    private static func decodeCSI(_ bytes: [UInt8], at start: Int, final: Bool) -> (TerminalInput, Int)? {
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

    private static func decodeUTF8(_ bytes: [UInt8], at start: Int, final: Bool) -> (TerminalInput, Int)? {
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
