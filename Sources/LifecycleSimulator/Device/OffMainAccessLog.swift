import Synchronization

/// Storage and log calls that arrived off the main thread: work the simulator does not control.
/// Thread-safe (a mutex); owned by the ``RunContext``.
final class OffMainAccessLog: Sendable {
    private let entries = Mutex<[String]>([])
    /// Whether ``entries`` holds anything; set and cleared under the lock, read without it so that
    /// the drain after every settle (almost always of nothing) skips the lock. A drain that reads
    /// `false` while an append is under way is the same as a drain just before that append.
    private let isNonEmpty = Atomic<Bool>(false)

    func append(_ entry: String) {
        entries.withLock {
            $0.append(entry)
            isNonEmpty.store(true, ordering: .releasing)
        }
    }

    /// Removes and returns what was logged.
    func drain() -> [String] {
        guard isNonEmpty.load(ordering: .acquiring) else { return [] }
        return entries.withLock { entries in
            defer {
                entries.removeAll()
                isNonEmpty.store(false, ordering: .relaxed)
            }
            return entries
        }
    }
}
