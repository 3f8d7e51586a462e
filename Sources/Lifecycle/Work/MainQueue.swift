import Dispatch

#if canImport(CDispatch)
// The C entry point of libdispatch (the module that ships with the toolchain on Linux): the
// overlay's `getSpecific` wraps this same call in a generic boxed-value read (~110 more
// instructions, and this runs on every storage call).
import CDispatch
#endif

/// Whether the caller runs on the main dispatch queue, which executes the main actor's jobs.
///
/// `Thread.isMainThread` is not the same test: under `dispatchMain()` (an async `main`, the test
/// runner) the main queue is drained by a worker thread, and not always the same one, so neither
/// the main thread nor a thread recorded once identifies it. The queue-specific value is the
/// exact test. Used by Lifeline's code that may be called from any thread and must know whether
/// it may touch main-actor state.
package enum MainQueue {
    /// The key, installed on the main queue by the same one-time initialiser that creates it:
    /// one lazy global checked per call instead of two (this runs on every storage call).
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// True when running a job of the main queue (and so of the main actor).
    package static var isCurrent: Bool {
        #if canImport(CDispatch)
        // Exactly `getSpecific(key:) == 1`: the overlay's `setSpecific` stores a non-null box under
        // the key object's address (value 1, never removed), and its `getSpecific` reads that same
        // address through `dispatch_get_specific`; only the main queue (or a queue targeting it)
        // answers non-null.
        dispatch_get_specific(Unmanaged.passUnretained(key).toOpaque()) != nil
        #else
        DispatchQueue.getSpecific(key: key) == 1
        #endif
    }
}
