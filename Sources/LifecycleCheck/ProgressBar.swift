/// A one-line progress bar on standard error, redrawn at most a hundred times, and only when
/// standard error is a terminal (a CI log gets no carriage returns). A value owned by the
/// command, on the main actor.
struct ProgressBar {
    let total: Int
    private let console: Console
    private var shownPercent = -1

    init(total: Int, console: Console) {
        self.total = max(1, total)
        self.console = console
    }

    mutating func update(_ done: Int) {
        guard console.errorIsTerminal else { return }
        let percent = min(100, max(0, done) * 100 / total)
        guard percent != shownPercent else { return }
        shownPercent = percent
        let width = 40
        let filled = width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        console.error("\r[\(bar)] \(percent)% \(min(done, total))/\(total)")
    }

    func finish() {
        if shownPercent >= 0 { console.error("\n") }
    }
}
