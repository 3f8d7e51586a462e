import Dispatch

/// Whether the caller runs on the main dispatch queue, which executes the main actor's jobs.
///
/// `Thread.isMainThread` is not the same test: under `dispatchMain()` (an async `main`, the test
/// runner) the main queue is drained by a worker thread, and not always the same one, so neither
/// the main thread nor a thread recorded once identifies it. The queue-specific value is the
/// exact test. Used by Lifeline's code that may be called from any thread and must know whether
/// it may touch main-actor state.
package enum MainQueue {
    /// The key, installed on the main queue by the same one-time initialiser that creates it.
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// True when running a job of the main queue (and so of the main actor): only the main queue
    /// (or a queue targeting it) has the key's value.
    package static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == 1
    }
}
