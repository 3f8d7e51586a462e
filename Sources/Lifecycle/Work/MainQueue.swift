import Dispatch

/// Whether the caller runs on the main dispatch queue, which executes the main actor's jobs.
///
/// `Thread.isMainThread` is not the same test: under `dispatchMain()` (an async `main`, the test
/// runner) the main queue is drained by a worker thread. Used by Lifeline's code that may be
/// called from any thread and must know whether it may touch main-actor state.
package enum MainQueue {
    private static let key = DispatchSpecificKey<UInt8>()
    private static let installed: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return true
    }()

    /// True when running a job of the main queue (and so of the main actor).
    package static var isCurrent: Bool {
        _ = installed
        return DispatchQueue.getSpecific(key: key) == 1
    }
}
