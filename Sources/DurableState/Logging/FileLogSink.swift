import Foundation
import Lifecycle
import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes log records to a file, one line each with a timestamp: for an app whose terminal is its
/// screen, so logs cannot go to standard error.
///
/// ```swift
/// let sink = try FileLogSink(path: dataDirectory + "/app.log", fileSystem: POSIXFileSystem(root: dataDirectory))
/// let logger = LifelineLogger(category: "app", sink: sink)
/// ```
///
/// The file is opened once, owner-only (0600), through the given ``POSIXFileSystem``: a symbolic
/// link, FIFO or device in its place, or a file with other names, is refused rather than written
/// through. Each line is one `O_APPEND` write (a line survives a kill once written; logs are
/// never synced). A log past `rotationSize` at launch is kept as `<name>.old` and a new one
/// started.
///
/// Created by the process's entry point and shared by every logger (`Sendable`: the descriptor
/// is written under a `Mutex`); the file is closed when the sink goes.
public final class FileLogSink: LogSink {
    /// The log file.
    public let path: String
    private let descriptor: Mutex<Int32>

    /// Opens (creating 0600 if needed) the log at `path`, first moving a log larger than
    /// `rotationSize` bytes to `<path>.old`.
    /// - Throws: ``FileSystemError`` if the file cannot be opened (a link or FIFO in its place,
    ///   no permission): nothing was written.
    public init(path: String, fileSystem: POSIXFileSystem, rotationSize: Int = 1_000_000) throws(FileSystemError) {
        self.path = path
        if let size = try? fileSystem.status(at: path).st_size, size > rotationSize {
            try fileSystem.rename(from: path, to: path + ".old")
        }
        descriptor = Mutex(try fileSystem.openForAppending(path, permissions: 0o600))
    }

    deinit {
        descriptor.withLock { _ = posixClose($0) }
    }

    /// Appends the record as one line.
    public func write(_ record: LogRecord) {
        let line = Array("\(Date().ISO8601Format()) \(record.description)\n".utf8)
        descriptor.withLock { descriptor in
            line.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                _ = POSIXFileSystem.retrying { posixWrite(descriptor, base, bytes.count) }
            }
        }
    }
}

extension POSIXFileSystem {
    /// Opens `path` for appending: a new file gets exactly `permissions`; an existing one must be
    /// a regular file with one name and keeps its own.
    func openForAppending(_ path: String, permissions: UInt16) throws(FileSystemError) -> Int32 {
        let location = try locate(path)
        do {
            let (descriptor, _) = try Self.openRegularFile(
                location, flags: O_WRONLY | O_APPEND | O_CREAT | O_EXCL, permissions: permissions, operation: "create")
            try Self.setMode(descriptor, permissions, path: path)
            return descriptor
        } catch .alreadyExists {
            let (descriptor, status) = try Self.openRegularFile(location, flags: O_WRONLY | O_APPEND, operation: "open for appending")
            guard status.st_nlink <= 1 else {
                _ = posixClose(descriptor)
                throw .hardLinked(path)
            }
            return descriptor
        }
    }
}
