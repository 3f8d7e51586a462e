import Foundation

/// A one-line progress bar on standard error, redrawn at most a hundred times. A value owned by
/// the command.
struct ProgressBar {
    let total: Int
    private var shownPercent = -1

    init(total: Int) {
        self.total = max(1, total)
    }

    mutating func update(_ done: Int) {
        let percent = min(100, done * 100 / total)
        guard percent != shownPercent else { return }
        shownPercent = percent
        let width = 40
        let filled = width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(percent)% \(done)/\(total)".utf8))
    }

    func finish() {
        if shownPercent >= 0 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
