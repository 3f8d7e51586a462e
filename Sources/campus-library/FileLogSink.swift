import Foundation
import Lifecycle
import Synchronization

/// Writes log records, one line each with a timestamp, to a file in the data directory (the
/// terminal is the app's screen, so logs cannot go to standard error). The previous run's log is
/// kept as `<name>.old` once it passes 1 MB. Thread-safe (a mutex around the handle).
final class FileLogSink: LogSink {
    private let handle: Mutex<FileHandle?>

    init(path: String) {
        let manager = FileManager.default
        if let size = (try? manager.attributesOfItem(atPath: path))?[.size] as? Int, size > 1_000_000 {
            try? manager.removeItem(atPath: path + ".old")
            try? manager.moveItem(atPath: path, toPath: path + ".old")
        }
        if !manager.fileExists(atPath: path) {
            _ = manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        let opened = FileHandle(forWritingAtPath: path)
        _ = try? opened?.seekToEnd()
        handle = Mutex(opened)
    }

    func write(_ record: LogRecord) {
        let line = "\(Date().ISO8601Format()) \(record.description)\n"
        handle.withLock { handle in try? handle?.write(contentsOf: Data(line.utf8)) }
    }
}
