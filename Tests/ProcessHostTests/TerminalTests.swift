import Foundation
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The terminal mode of a probe running in a real pseudo-terminal: entered in the foreground,
/// always given back (on suspension, on exit and on a crash), focus reports read from the terminal.
@Suite("Terminal in a pseudo-terminal")
struct TerminalTests {
    @Test func rawModeIsEnteredInTheForegroundAndGivenBackOnSuspensionAndExit() async throws {
        let terminal = try PseudoTerminal()
        let original = terminal.localModes
        let originalInput = terminal.inputModes
        #expect(!terminal.isRaw)
        #expect(terminal.flowControl, "a new pseudo-terminal has Ctrl-S / Ctrl-Q flow control on")
        let probe = try await ProbeProcess(terminal: terminal)
        #expect(terminal.isRaw)
        #expect(!terminal.flowControl, "Ctrl-S would freeze the app's output until Ctrl-Q")
        #expect(probe.rawOutput.contains("\u{1B}[?1004h"), "focus reporting was not enabled")
        #expect(probe.rawOutput.contains("\u{1B}[?2004h"), "bracketed paste was not enabled")

        probe.send(SIGTSTP)
        try await probe.waitUntilStopped()
        #expect(terminal.localModes == original)
        #expect(terminal.inputModes == originalInput)
        // The process wrote the sequence before it stopped; the reader may still be catching up.
        try await probe.waitForRawOutput(containing: "\u{1B}[?1004l")

        probe.send(SIGCONT)
        try await probe.waitForLine("scene.willEnterForeground terminal")
        try await probe.waitForLineCount(ProbeProcess.launchLog.count + 8)
        #expect(terminal.isRaw)

        let beforeKeys = probe.lines.count
        terminal.type("\u{13}\u{1B}[200~pasted\u{1B}[201~")
        try await probe.waitForLines(["key ctrl-s", "key paste(6 bytes)"], after: beforeKeys)

        let beforeFocus = probe.lines.count
        terminal.type("\u{1B}[O")
        try await probe.waitForLines(["scene.willResignActive terminal", "app.willResignActive"], after: beforeFocus)

        probe.send(SIGTERM)
        let exit = try await probe.waitForExit()
        #expect(exit.status == 0)
        #expect(terminal.localModes == original)
        #expect(terminal.inputModes == originalInput)
    }

    @Test func aCrashGivesTheTerminalBackBeforeTheProcessDies() async throws {
        let terminal = try PseudoTerminal()
        let original = terminal.localModes
        let probe = try await ProbeProcess(
            arguments: ["--crash-key"], terminal: terminal, environment: ["SWIFT_BACKTRACE": "enable=no"]
        )
        #expect(terminal.isRaw)
        terminal.type("c")
        let exit = try await probe.waitForExit()
        #expect(exit.reason == .uncaughtSignal)
        #expect(terminal.localModes == original)
    }
}
