import Foundation
import Lifecycle

/// The log sink of one incarnation: records go to the run (checked for canary secrets, dropped
/// once the incarnation is dead); records written off the main thread are escaped work.
/// `Sendable`.
final class IncarnationLogSink: LogSink {
    private let context: RunContext
    private let incarnation: Int

    init(context: RunContext, incarnation: Int) {
        self.context = context
        self.incarnation = incarnation
    }

    func write(_ record: LogRecord) {
        guard MainQueue.isCurrent else {
            context.offMainAccesses.append("log from another thread: \(record.category)")
            return
        }
        let context = context
        let incarnation = incarnation
        MainActor.assumeIsolated { context.admitLog(record, incarnation: incarnation) }
    }
}
