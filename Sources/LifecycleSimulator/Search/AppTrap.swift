import Foundation

/// A trap that ended the process running a schedule: a Swift runtime trap (`fatalError`, an index
/// out of range, a force unwrap of `nil`, a failed precondition) or another fatal signal. Made by
/// the parent of a worker process from the worker's exit and its standard error; the search
/// reports it as ``Violation/Kind/appCrash`` with ``message`` and, where the backtrace names it,
/// the app's ``frame``. A `Codable` value.
public struct AppTrap: Hashable, Codable, Sendable {
    /// The runtime's line, such as `Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out
    /// of range`, or `killed by signal 4 (illegal instruction)` when the process said nothing (an
    /// optimized build's trap, a signal): the same with or without the backtracer.
    public var message: String
    /// The innermost frame of the backtrace with a source location outside the Swift runtime,
    /// as `function at File.swift:line`: the app's code that trapped. `nil` when the backtrace
    /// was off or named none.
    public var frame: String?
    /// The signal that ended the process (4 for a Swift trap on x86-64).
    public var signal: Int32
    /// The step whose event the process was applying (the events' count: the final check).
    public var step: Int

    /// Creates a trap.
    public init(message: String, frame: String?, signal: Int32, step: Int) {
        self.message = message
        self.frame = frame
        self.signal = signal
        self.step = step
    }

    /// The trap as one line: the message and the frame.
    public var summary: String {
        frame.map { "\(message) (in \($0))" } ?? message
    }

    /// The trap of a process that ended by `signal` at `step` after writing `standardError`.
    package init(standardError: String, signal: Int32, step: Int) {
        let lines = standardError.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let markers = [": Fatal error", ": Precondition failed", ": Assertion failed", "Fatal error:"]
        let runtimeLine = lines.first { line in markers.contains { line.contains($0) } }
        self.init(
            message: runtimeLine?.trimmed ?? "killed by signal \(signal)" + (Self.signalNames[signal].map { " (\($0))" } ?? ""),
            frame: Self.appFrame(in: lines), signal: signal, step: step
        )
    }

    /// The names of the signals a trap or a crash ends a process with.
    static let signalNames: [Int32: String] = [
        4: "illegal instruction", 5: "trace trap", 6: "abort", 7: "bus error", 8: "floating-point exception",
        11: "segmentation fault",
    ]

    /// The first frame of the crashed thread's backtrace (`  3 [ra] 0x… Model.item(_:) + 64 in
    /// app at /path/Model.swift:12:7`) with a source location that is not the Swift runtime's.
    static func appFrame(in lines: [String]) -> String? {
        guard let start = lines.firstIndex(where: { $0.contains(" crashed:") && $0.hasPrefix("Thread ") }) else { return nil }
        for line in lines[(start + 1)...] {
            let text = line.trimmed
            guard let first = text.first, first.isNumber else {
                if text.isEmpty || text == "..." { continue }
                break
            }
            guard let at = text.range(of: " at /", options: .backwards) else { continue }
            let location = String(text[text.index(after: at.lowerBound)...].dropFirst(3))
            guard let plus = text.range(of: " + "), let address = text.range(of: " 0x") else { continue }
            let afterAddress = text[address.upperBound...].drop { $0 != " " }.dropFirst()
            let function = String(afterAddress[..<(afterAddress.range(of: " + ")?.lowerBound ?? plus.lowerBound)])
            let image = text[plus.upperBound...].components(separatedBy: " in ").dropFirst().first ?? ""
            if image.hasPrefix("libswift") || location.contains("/Swift/") || location.hasPrefix("/build/") { continue }
            let file = location.split(separator: "/").last.map(String.init) ?? location
            // `File.swift:12:7`: keep the line, drop the column.
            let parts = file.split(separator: ":")
            let place = parts.count >= 2 ? "\(parts[0]):\(parts[1])" : file
            return "\(function) at \(place)"
        }
        return nil
    }
}

extension String {
    /// Without leading and trailing spaces.
    fileprivate var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
