#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes the probe's log: one line per lifecycle callback, each written with a single
/// unbuffered `write` so a test reading the pipe sees it at once, even if the process stops or is
/// killed right after. Process-wide; no instances.
enum ProbeOutput {
    /// Writes `text` and a newline to standard output.
    static func line(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(STDOUT_FILENO, base + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
