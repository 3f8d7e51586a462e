import Foundation
import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Collects a child's output from a pipe on a dedicated thread (Dispatch read sources on Linux
/// miss a pipe's end), splitting it into lines. Thread-safe through its mutex.
final class OutputCollector: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var ended = false
    }

    private let state = Mutex(State())
    private let stripsTerminalControls: Bool

    /// Creates a collector; with `stripsTerminalControls`, ``lines`` drop carriage returns and
    /// CSI escape sequences (output read from a pseudo-terminal).
    init(stripsTerminalControls: Bool = false) {
        self.stripsTerminalControls = stripsTerminalControls
    }

    /// Reads `descriptor` until end of file (or an error, as a pseudo-terminal's primary side
    /// reports once every secondary descriptor is closed) on a new thread.
    func startReading(_ descriptor: Int32) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { raw in
                    read(descriptor, raw.baseAddress, raw.count)
                }
                if count > 0 {
                    let chunk = buffer[0..<count]
                    state.withLock { $0.bytes.append(contentsOf: chunk) }
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            state.withLock { $0.ended = true }
        }
        thread.start()
    }

    /// Everything read so far, as text.
    var text: String {
        state.withLock { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// Every complete line read so far.
    var lines: [String] {
        var text = self.text
        if stripsTerminalControls { text = Self.stripControls(text) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        return lines
    }

    /// Waits (briefly, bounded) for the writer to close, so the last lines are in.
    func waitForEnd() async {
        let deadline = ContinuousClock.now.advanced(by: .seconds(2))
        while !state.withLock({ $0.ended }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Removes carriage returns and `ESC [ … final` sequences.
    private static func stripControls(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\r" { continue }
            guard scalar == "\u{1B}" else {
                result.append(scalar)
                continue
            }
            guard scalars.next() == "[" else { continue }
            while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
        }
        return String(result)
    }
}
