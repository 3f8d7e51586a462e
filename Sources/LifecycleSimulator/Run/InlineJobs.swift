import Foundation
import Lifecycle

/// Runs the jobs of tasks woken during a simulation step inline on the main actor, in the order
/// they were woken, instead of letting them travel through the runtime's thread pool.
///
/// A continuation resumed on the main actor does not go back to the main queue directly: the
/// runtime enqueues the task on the global executor, a pool thread picks it up and hops it back
/// to the main actor. That costs two thread handoffs per wake (≈100 µs on Linux) and leaves the
/// order of several woken tasks to the thread scheduler. While a simulation step runs (and only
/// then: ``isCapturing`` is on only while the simulator's own synchronous code, or a job it runs,
/// executes on the main queue), a `swift_task_enqueueGlobal_hook` keeps such jobs in ``captured``
/// and the simulator runs them with `UnownedJob.runSynchronously(on:)` on the main executor: no
/// thread handoff, FIFO order. Jobs enqueued from any other thread, or on the main queue outside
/// a step, go to the global executor as usual.
///
/// If the hook cannot be installed (the symbol is missing, or another hook is already set) the
/// simulator falls back to yielding the main actor; the `WorkTracker` turn rule keeps that path
/// deterministic too. A namespace; its state lives on the main queue.
enum InlineJobs {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    // Safe because: read and written only on the main queue; the hook checks MainQueue.isCurrent
    // before touching it.
    nonisolated(unsafe) static var isCapturing = false
    // Safe because: as above, main queue only; `runCaptured` removes a job before running it, so
    // the hook's append never overlaps another access.
    nonisolated(unsafe) static var captured: [UnownedJob] = []

    /// Whether the hook is in place (installed once, on first use).
    static let isInstalled: Bool = install()

    private static func install() -> Bool {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swift_task_enqueueGlobal_hook") else {
            return false
        }
        let slot = symbol.assumingMemoryBound(to: Hook?.self)
        guard slot.pointee == nil else { return false }
        slot.pointee = { job, original in
            if MainQueue.isCurrent, InlineJobs.isCapturing {
                InlineJobs.captured.append(job)
            } else {
                original(job)
            }
        }
        return true
    }

    /// Starts capturing (the simulator's synchronous region begins). Main actor only.
    @MainActor
    static func begin() {
        isCapturing = isInstalled
    }

    /// Stops capturing after running what was captured (the region ends, before any suspension).
    @MainActor
    static func end() {
        _ = runCaptured()
        isCapturing = false
    }

    /// Runs every captured job, including those captured meanwhile; returns how many ran.
    @MainActor
    static func runCaptured() -> Int {
        var count = 0
        while !captured.isEmpty {
            let job = captured.removeFirst()
            job.runSynchronously(on: MainActor.sharedUnownedExecutor)
            count += 1
        }
        return count
    }

    /// Yields the main actor with capturing off, so that other main-actor work (another test,
    /// work that escaped) runs normally meanwhile.
    @MainActor
    static func yield() async {
        end()
        await Task.yield()
        begin()
    }
}
