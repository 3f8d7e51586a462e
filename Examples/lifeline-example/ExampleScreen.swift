import ProcessHost

/// Draws the example's full screen: a header with the keys, the application phase, the process
/// state, one line per scene and the newest events that fit. Owned by ``ExampleApp``; lives on the
/// main actor.
@MainActor
struct ExampleScreen {
    let terminal: Terminal

    func draw(phase: String, process: String, scenes: [String], events: [String]) {
        let size = terminal.size ?? TerminalSize(columns: 80, rows: 24)
        var lines = [
            "Lifeline example: a real process living a lifecycle",
            "q quit   m memory warning   w second window   l 3 s lease   b background refresh",
            "Ctrl-Z suspend (then fg)   Ctrl-C terminate   kill -USR1/-HUP/-TERM   focus the window in and out",
            "",
            "application phase: \(phase)    process: \(process)",
        ]
        lines += scenes.map { "scene \($0)" }
        lines += ["", "events (newest last):"]
        let room = max(0, size.rows - lines.count - 1)
        lines += events.suffix(room)
        let body = lines.map { String($0.prefix(size.columns)) }.joined(separator: "\r\n")
        terminal.write("\u{1B}[H\u{1B}[2J" + body)
    }

    func printPlain(_ line: String) {
        terminal.write(line + "\n")
    }
}
