import Foundation
import Synchronization

/// The severity of a ``LogRecord``.
public enum LogLevel: Int, Sendable, Comparable, CustomStringConvertible {
    /// Detail for debugging.
    case debug
    /// A notable, expected event.
    case info
    /// Something unexpected that Lifeline recovered from.
    case warning
    /// A failure: work or data may be lost.
    case error

    /// Orders levels by severity.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level's name.
    public var description: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

/// One line written through a ``LifelineLogger``: already redacted.
public struct LogRecord: Sendable, Equatable, CustomStringConvertible {
    /// The severity.
    public var level: LogLevel
    /// The subsystem area, such as `lifecycle` or `restoration`.
    public var category: String
    /// The redacted text.
    public var message: String

    /// `[level] category: message`.
    public var description: String { "[\(level)] \(category): \(message)" }
}

/// Where log records go: standard error, a file, memory (tests and the simulator scan it for
/// secrets). Implementations are `Sendable` and must not block for long.
public protocol LogSink: Sendable {
    /// Writes one record.
    func write(_ record: LogRecord)
}

/// A small privacy-aware logger: values interpolated into a ``LogMessage`` are private unless
/// marked `.public`, so user data and tokens stay out of logs by default.
///
/// A value type that anyone may copy; the sink it writes to is injected by the host or the
/// composition root. `Sendable`.
public struct LifelineLogger: Sendable {
    /// The area this logger reports on.
    public let category: String
    /// Records below this level are dropped.
    public var minimumLevel: LogLevel
    private let sink: any LogSink

    /// Creates a logger for `category` writing to `sink`.
    public init(category: String, sink: any LogSink, minimumLevel: LogLevel = .info) {
        self.category = category
        self.sink = sink
        self.minimumLevel = minimumLevel
    }

    /// A logger for another category that writes to the same sink.
    public func category(_ name: String) -> LifelineLogger {
        LifelineLogger(category: name, sink: sink, minimumLevel: minimumLevel)
    }

    /// Writes `message` at `level`.
    public func log(_ level: LogLevel, _ message: LogMessage) {
        guard level >= minimumLevel else { return }
        sink.write(LogRecord(level: level, category: category, message: message.description))
    }

    /// Writes a debug message.
    public func debug(_ message: LogMessage) { log(.debug, message) }
    /// Writes an informational message.
    public func info(_ message: LogMessage) { log(.info, message) }
    /// Writes a warning.
    public func warning(_ message: LogMessage) { log(.warning, message) }
    /// Writes an error.
    public func error(_ message: LogMessage) { log(.error, message) }

    /// A logger that drops everything.
    public static let disabled = LifelineLogger(category: "disabled", sink: DiscardingLogSink(), minimumLevel: .error)
}

/// A sink that drops every record.
public struct DiscardingLogSink: LogSink {
    /// Creates the sink.
    public init() {}
    /// Drops `record`.
    public func write(_ record: LogRecord) {}
}

/// A sink that writes each record as one line to standard error.
public struct StandardErrorLogSink: LogSink {
    /// Creates the sink.
    public init() {}
    /// Writes `record` and a newline to standard error.
    public func write(_ record: LogRecord) {
        FileHandle.standardError.write(Data((record.description + "\n").utf8))
    }
}

/// A sink that keeps records in memory, for tests and the simulator. Thread-safe.
public final class MemoryLogSink: LogSink {
    private let storage = Mutex<[LogRecord]>([])

    /// Creates an empty sink.
    public init() {}

    /// Keeps `record`.
    public func write(_ record: LogRecord) {
        storage.withLock { $0.append(record) }
    }

    /// Every record written so far, in order.
    public var records: [LogRecord] { storage.withLock { $0 } }

    /// Drops every record.
    public func removeAll() { storage.withLock { $0.removeAll() } }
}
