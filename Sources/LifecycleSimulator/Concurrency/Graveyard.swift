import Synchronization

/// Where the work of a dead process goes: it never runs and is never released, as a real kill
/// neither runs nor tears down anything.
///
/// Never released matters: a block can hold a checked continuation, and releasing one that was
/// never resumed prints `SWIFT TASK CONTINUATION MISUSE`. Kept, not dropped: the graveyard holds
/// every buried job and block for the life of the process, so what they hold stays reachable (a
/// leak checker sees memory the process keeps, as a real process's memory would vanish with it,
/// not memory it lost). What is kept is small (the blocks and jobs, not the processes: their tasks
/// are cancelled and unwind before their leftovers come here). A process-wide namespace behind a
/// lock.
package enum Graveyard {
    /// Every piece of work buried so far, in burial order.
    static let contents = Mutex<[ScheduledWork.Item]>([])

    /// Keeps `work` forever, without running it.
    static func bury(_ work: ScheduledWork) {
        contents.withLock { $0.append(work.item) }
    }
}
