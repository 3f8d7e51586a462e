import Synchronization

extension Graveyard {
    /// How many pieces of work were buried in this process so far: jobs left behind and blocks
    /// kept. For tests.
    package static var count: Int {
        contents.withLock { $0.count }
    }
}
