import Foundation
import Lifecycle
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes log records, one line each with a timestamp, to a file in the data directory (the
/// terminal is the app's screen, so logs cannot go to standard error). Each line is one
/// `O_APPEND` write; a log past 1 MB at launch is kept as `<name>.old` and a new one started.
/// Thread-safe: the descriptor is written under a mutex.
final class FileLogSink: LogSink {
    private let descriptor: Mutex<Int32>

    init(path: String) {
        var status = stat()
        if stat(path, &status) == 0, status.st_size > 1_000_000 {
            _ = rename(path, path + ".old")
        }
        descriptor = Mutex(open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600))
    }

    deinit {
        descriptor.withLock { if $0 >= 0 { close($0) } }
    }

    func write(_ record: LogRecord) {
        let line = Array("\(Date().ISO8601Format()) \(record.description)\n".utf8)
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            _ = line.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        }
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
