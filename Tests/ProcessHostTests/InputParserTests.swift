import ProcessHost
import Testing

/// Decoding terminal bytes into keys and focus reports, including input split anywhere.
@Suite("InputParser")
struct InputParserTests {
    private func parse(_ chunks: String..., flush: Bool = false) -> [TerminalInput] {
        var parser = InputParser()
        var events = chunks.flatMap { parser.feed(Array($0.utf8)) }
        if flush { events += parser.flush() }
        return events
    }

    @Test func printableCharactersAndControlKeys() {
        #expect(
            parse("ab\t\u{7F}\u{01}\r\n")
                == [
                    .key(.character("a")), .key(.character("b")), .key(.tab), .key(.backspace),
                    .key(.control("a")), .key(.enter),
                ]
        )
    }

    @Test func focusReportsBetweenKeys() {
        #expect(parse("x\u{1B}[Oy\u{1B}[I") == [.key(.character("x")), .focusOut, .key(.character("y")), .focusIn])
    }

    @Test func sequenceSplitAcrossReadsIsJoined() {
        #expect(parse("\u{1B}", "[", "O") == [.focusOut])
        #expect(parse("\u{1B}[1", "~") == [.key(.home)])
    }

    @Test func loneEscapeWaitsForAFlush() {
        var parser = InputParser()
        #expect(parser.feed([0x1B]) == [])
        #expect(parser.hasPending)
        #expect(parser.flush() == [.key(.escape)])
        #expect(!parser.hasPending)
    }

    @Test func escapeFollowedByAnotherKeyIsEscapeThenTheKey() {
        #expect(parse("\u{1B}x") == [.key(.escape), .key(.character("x"))])
    }

    @Test func arrowsAndEditingKeys() {
        #expect(
            parse("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D\u{1B}[3~\u{1B}[5~\u{1B}[6~")
                == [.key(.up), .key(.down), .key(.right), .key(.left), .key(.delete), .key(.pageUp), .key(.pageDown)]
        )
    }

    @Test func unknownSequenceKeepsItsBytes() {
        #expect(parse("\u{1B}[2J") == [.key(.unknown(Array("\u{1B}[2J".utf8)))])
    }

    @Test func multiByteCharacterSplitAcrossReads() {
        var parser = InputParser()
        let bytes = Array("é€".utf8)
        #expect(parser.feed(bytes[0..<1]) == [])
        #expect(parser.feed(bytes[1..<3]) == [.key(.character("é"))])
        #expect(parser.feed(bytes[3...]) == [.key(.character("€"))])
    }

    @Test func invalidUTF8IsReportedNotDropped() {
        var parser = InputParser()
        #expect(parser.feed([0xFF, 0x61]) == [.key(.unknown([0xFF])), .key(.character("a"))])
        #expect(parser.feed([0xC3]) == [])
        #expect(parser.flush() == [.key(.unknown([0xC3]))])
    }
}
