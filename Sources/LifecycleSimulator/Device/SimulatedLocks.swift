/// File and database locks of one process incarnation, as the simulator sees them: an app (or a
/// database layer) takes a named lock around a transaction, and the simulator reports any lock
/// still held when the process is suspended (iOS kills such apps: 0xdead10cc).
///
/// ```swift
/// environment.locks.withLock("library.sqlite") { try database.write(rows) }
/// ```
///
/// Created by the simulator per incarnation; released wholesale when the process dies. Lives on
/// the main actor.
@MainActor
public final class SimulatedLocks {
    /// Names of the locks held, with how many times each is held.
    public private(set) var held: [String: Int] = [:]
    private let context: RunContext
    private let incarnation: Int

    init(context: RunContext, incarnation: Int) {
        self.context = context
        self.incarnation = incarnation
    }

    /// Takes the lock `name` (re-entrant).
    public func acquire(_ name: String) {
        guard context.isAlive(incarnation) else { return }
        held[name, default: 0] += 1
        context.record("locks", "acquire \(name)") { hash in
            hash.combine(byte: 8)
            hash.combine(name)
        }
    }

    /// Releases the lock `name` once; releasing a lock not held does nothing.
    public func release(_ name: String) {
        guard let count = held[name] else { return }
        held[name] = count > 1 ? count - 1 : nil
        if context.isAlive(incarnation) {
            context.record("locks", "release \(name)") { hash in
                hash.combine(byte: 9)
                hash.combine(name)
            }
        }
    }

    /// Runs `body` holding the lock `name`.
    @discardableResult
    public func withLock<T, E: Error>(_ name: String, _ body: () throws(E) -> T) throws(E) -> T {
        acquire(name)
        defer { release(name) }
        return try body()
    }

    /// Names of held locks, sorted.
    public var heldNames: [String] { held.keys.sorted() }
}
