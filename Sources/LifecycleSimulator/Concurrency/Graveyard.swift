import Synchronization

/// Where the work of a dead process goes: it never runs and is never released, as a real kill
/// neither runs nor tears down anything.
///
/// Never released matters: a block can hold a checked continuation, and releasing one that was
/// never resumed prints `SWIFT TASK CONTINUATION MISUSE`; a job that never runs simply leaks its
/// task, as the process's memory would vanish with it. What is kept is small (the blocks, not the
/// processes: their tasks are cancelled and unwind before their leftovers come here). A
/// process-wide namespace behind a lock.
package enum Graveyard {
    /// The blocks kept, and how many jobs were left behind.
    static let contents = Mutex<(blocks: [ScheduledWork.Item], jobs: Int)>(([], 0))

    /// Keeps `work` forever, without running it.
    static func bury(_ work: ScheduledWork) {
        contents.withLock { contents in
            if case .job = work.item {
                contents.jobs += 1
            } else {
                contents.blocks.append(work.item)
            }
        }
    }
}
