import Foundation
import ProcessHost

/// ProcessHost's terminal input parser: the bytes `InputReader` reads from the terminal or a
/// pipe, which may be split anywhere between reads.
enum TerminalInputHarness: Harness {
    static let name = "terminal-input"
    static let summary = "InputParser on keys, escape sequences and UTF-8, fed whole and in pieces"

    /// The first byte chooses where the rest is cut into reads; the rest is what the terminal sent.
    static func run(_ input: Data) {
        guard let cuts = input.first else { return }
        let bytes = Array(input.dropFirst())
        var whole = InputParser()
        let expected = whole.feed(bytes) + whole.flush()
        var pieces = InputParser()
        var events: [TerminalInput] = []
        for piece in split(bytes, seed: cuts) { events += pieces.feed(piece) }
        events += pieces.flush()
        promise(events == expected, "input read in pieces gives \(events), read whole \(expected)")
    }

    /// `bytes` in pieces of 1 to 8 bytes (lengths from `seed`), never cut between a carriage
    /// return and a line feed: the parser reads CR LF in one read as one Enter but, so that Enter
    /// is never held back, a CR at the end of a read as Enter at once.
    static func split(_ bytes: [UInt8], seed: UInt8) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var state = UInt32(seed) | 1
        var start = 0
        while start < bytes.count {
            state = state &* 1_103_515_245 &+ 12_345
            var end = min(bytes.count, start + 1 + Int(state >> 16) % 8)
            if end < bytes.count, bytes[end - 1] == 0x0D, bytes[end] == 0x0A { end += 1 }
            pieces.append(bytes[start..<end])
            start = end
        }
        return pieces
    }

    /// What terminals send: text, control keys, CSI and SS3 keys, focus reports, UTF-8.
    static func seeds() throws -> [String: Data] {
        let sequences: [String: String] = [
            "text": "hello, world",
            "arrows-csi": "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D",
            "arrows-ss3": "\u{1B}OA\u{1B}OB\u{1B}OH\u{1B}OF",
            "editing-keys": "\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1~\u{1B}[4~",
            "focus": "\u{1B}[I\u{1B}[O",
            "controls": "\u{01}\u{03}\u{09}\r\n\u{7F}\u{1B}",
            "utf8": "é€😀 Ämma",
            "modified-arrow": "\u{1B}[1;5C",
        ]
        return sequences.mapValues { Data([0x2A] + Array($0.utf8)) }
    }
}
