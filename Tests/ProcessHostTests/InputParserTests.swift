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

    @Test func bracketedPasteArrivesAsOnePasteNotAsKeys() {
        #expect(parse("a\u{1B}[200~n\u{1B}xq\r\nline\u{1B}[201~b") == [
            .key(.character("a")), .key(.paste("nq\nline")), .key(.character("b")),
        ])
    }

    @Test func pasteSplitAcrossReadsAnywhereIsJoined() {
        let bytes = Array("\u{1B}[200~first half, second half\u{1B}[201~".utf8)
        for split in 1..<bytes.count {
            var parser = InputParser()
            let events = parser.feed(bytes[..<split]) + parser.feed(bytes[split...])
            #expect(events == [.key(.paste("first half, second half"))], "split at \(split)")
            #expect(!parser.hasPending)
        }
    }

    @Test func aPasteWaitsForItsEndMarkerNotForAFlush() {
        var parser = InputParser()
        #expect(parser.feed(Array("\u{1B}[200~abc".utf8)) == [])
        #expect(!parser.hasPending, "no escape timeout while a paste is in progress")
        #expect(parser.flush() == [])
        #expect(parser.feed(Array("def\u{1B}[201~".utf8)) == [.key(.paste("abcdef"))])
    }

    @Test func aMegabytePasteInTerminalSizedReadsIsOnePaste() {
        let text = String(repeating: "All work and no play. ", count: 48_000)
        let bytes = Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8)
        var parser = InputParser()
        var events: [TerminalInput] = []
        for start in stride(from: 0, to: bytes.count, by: 4096) {
            events += parser.feed(bytes[start..<min(start + 4096, bytes.count)])
        }
        #expect(events == [.key(.paste(text))])
    }

    @Test func escapeSequencesInAPasteAreStrippedAndItsTextKept() {
        let pasted = "EVIL\u{1B}[31mRED\u{1B}[0m\u{1B}]0;owned\u{07}\u{1B}]8;;http://x\u{1B}\\link\u{1B}(B\u{1B}OA<end>"
        #expect(parse("\u{1B}[200~" + pasted + "\u{1B}[201~") == [.key(.paste("EVILREDlink<end>"))])
        #expect(PastedText.cleaned(Array("a\u{00}b\u{07}c\u{7F}d\u{9B}e\tf\rg".utf8)) == "abcde\tf\ng")
    }
}

