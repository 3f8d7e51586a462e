import Foundation
import Synchronization

/// A clock whose time moves only when told to: for tests and the simulator.
///
/// ```swift
/// let clock = VirtualClock()
/// store.value = draft                  // schedules a debounced save 300 ms later
/// clock.advance(by: .milliseconds(300))   // the save runs now, synchronously
/// ```
///
/// Scheduled actions run synchronously inside ``advance(to:)`` in deadline order (ties in the
/// order they were scheduled), with ``now`` set to each one's deadline. Sleeping tasks are resumed
/// at their deadline and are parked for the ``WorkTracker`` while they wait. Owned by the test or
/// the simulator that creates it; lives on the main actor.
@MainActor
public final class VirtualClock: LifelineClock {
    /// One pending action or sleeper, in `entries` until it fires or is removed.
    private final class Entry {
        let deadline: LifelineInstant
        let sequence: Int
        /// The scheduled action; `nil` for a sleeper.
        let fire: (@MainActor () -> Void)?
        /// The handle of a scheduled action; `nil` for a sleeper.
        let handle: ScheduledAction?
        /// The continuation slot of a sleeper; `nil` for a scheduled action.
        let sleeper: SleeperSlot?
        /// The tracked task that sleeps, unparked when it is woken.
        let waiter: TrackedTask?
        /// Set when ``advance(to:)`` or ``cancelAll()`` took the entry out of `entries`.
        var isRemoved = false

        init(
            deadline: LifelineInstant, sequence: Int, fire: (@MainActor () -> Void)?, handle: ScheduledAction?,
            sleeper: SleeperSlot?, waiter: TrackedTask? = nil
        ) {
            self.deadline = deadline
            self.sequence = sequence
            self.fire = fire
            self.handle = handle
            self.sleeper = sleeper
            self.waiter = waiter
        }
    }

    /// The current virtual instant.
    public var now: LifelineInstant { current }
    /// The storage behind ``now``.
    private var current: LifelineInstant = .zero
    /// The wall-clock date at ``LifelineInstant/zero``.
    public let origin: Date
    /// Pending entries sorted by (deadline, sequence): the earliest is always first.
    private var entries: [Entry] = [] {
        didSet { earliestDeadline = entries.first?.deadline }
    }
    /// The deadline of the first entry, kept with every change of `entries`.
    private var earliestDeadline: LifelineInstant?
    private var sequence = 0

    /// Creates a clock at instant zero whose wall-clock date starts at `origin`.
    public init(origin: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.origin = origin
    }

    /// Creates a clock that starts at `start` (the date at instant zero is still `origin`): the
    /// clock of a new process incarnation on a device whose time already runs.
    public init(origin: Date = Date(timeIntervalSince1970: 1_800_000_000), start: LifelineInstant) {
        self.origin = origin
        self.current = start
    }

    /// ``origin`` plus the virtual time elapsed.
    public var date: Date {
        origin.addingTimeInterval(Self.seconds(now.offset))
    }

    /// The earliest pending deadline (an action or a sleeper), if any.
    public var nextDeadline: LifelineInstant? {
        earliestDeadline
    }

    /// Number of pending actions and sleepers.
    public var pendingCount: Int { entries.count }

    /// Records `action` to run inside the ``advance(to:)`` that reaches `deadline`.
    @discardableResult
    public func schedule(at deadline: LifelineInstant, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        sequence &+= 1
        let id = sequence
        let handle = ScheduledAction { [weak self] in self?.removeEntry { $0.sequence == id } }
        insert(Entry(deadline: deadline, sequence: id, fire: action, handle: handle, sleeper: nil))
        return handle
    }

    /// Suspends until an ``advance(to:)`` reaches `deadline`; the task is parked meanwhile.
    public func sleep(until deadline: LifelineInstant) async throws {
        try await sleepUntil(deadline)
    }

    /// Suspends for `duration`: until an ``advance(to:)`` reaches ``now`` plus `duration`; the task
    /// is parked meanwhile.
    public func sleep(for duration: Duration) async throws {
        try await sleepUntil(now.advanced(by: duration))
    }

    /// The body of both sleeps.
    @inline(__always)
    private func sleepUntil(_ deadline: LifelineInstant) async throws {
        guard deadline > now else {
            try Task.checkCancellation()
            return
        }
        let slot = SleeperSlot()
        sequence &+= 1
        let waiter = WorkTracker.currentTask
        let entry = Entry(deadline: deadline, sequence: sequence, fire: nil, handle: nil, sleeper: slot, waiter: waiter)
        insert(entry)
        // A cancelled sleeper leaves no entry behind: `nextDeadline` only reports real work.
        defer { if !entry.isRemoved { removeEntry { $0 === entry } } }
        // The tracker's parking in its two halves (see `WorkTracker.beginParking(_:)`): the task is
        // parked while it sleeps, unparked when woken or cancelled, and then waits for its turn.
        guard let waiter, waiter.tracker.beginParking(waiter) else {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { @Sendable continuation in slot.install(continuation) }
            } onCancel: {
                slot.resume(throwing: CancellationError())
            }
            return
        }
        let tracker = waiter.tracker
        let id = waiter.id
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { @Sendable continuation in slot.install(continuation) }
            } onCancel: {
                slot.resume(throwing: CancellationError())
                tracker.unparkOnCancellation(id)
            }
        } catch {
            if !tracker.claimTurn(id) { await tracker.awaitTurn(id) }
            throw error
        }
        if !tracker.claimTurn(id) { await tracker.awaitTurn(id) }
    }

    /// Moves time forward to `instant`, running every action and waking every sleeper due by then,
    /// in deadline order. Actions scheduled while advancing run too if they are due.
    /// Does nothing if `instant` is in the past.
    public func advance(to instant: LifelineInstant) {
        advance(to: instant, firingAtMost: .max)
    }

    /// ``advance(to:)`` that stops after running `limit` actions and sleepers, for a host that
    /// must not hang on an app whose actions keep scheduling actions already due; time stops at
    /// the last one run when it stops early. Returns how many ran.
    @discardableResult
    public func advance(to instant: LifelineInstant, firingAtMost limit: Int) -> Int {
        var fired = 0
        while let deadline = earliestDeadline, deadline <= instant {
            guard fired < limit else { return fired }
            fired += 1
            let entry = entries.removeFirst()
            entry.isRemoved = true
            if entry.deadline > current { current = entry.deadline }
            entry.handle?.markFired()
            if let fire = entry.fire {
                fire()
            } else {
                entry.sleeper?.resume(throwing: nil)
                if let waiter = entry.waiter { waiter.tracker.unpark(waiter) }
            }
        }
        if instant > current { current = instant }
        return fired
    }

    /// Moves time forward to `instant` without running anything: what a suspended process sees.
    /// Actions and sleepers that fall due meanwhile run at the next ``advance(to:)``, late.
    /// Does nothing if `instant` is in the past.
    public func skip(to instant: LifelineInstant) {
        if instant > current { current = instant }
    }

    /// Moves time forward by `duration`. See ``advance(to:)``.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Jumps to the next deadline and runs what is due there. Returns false if nothing is pending.
    @discardableResult
    public func advanceToNextDeadline() -> Bool {
        guard let next = nextDeadline else { return false }
        advance(to: next)
        return true
    }

    /// Drops every pending action and cancels every sleeper (it throws `CancellationError`): what a
    /// process kill does to the timers of the incarnation that owned this clock.
    public func cancelAll() {
        let pending = entries
        entries.removeAll()
        for entry in pending {
            entry.isRemoved = true
            entry.handle?.cancel()
            entry.sleeper?.resume(throwing: CancellationError())
            if let waiter = entry.waiter { waiter.tracker.unpark(waiter) }
        }
    }

    /// Removes the entries `matches` picks, in place.
    private func removeEntry(where matches: (Entry) -> Bool) {
        var index = 0
        while index < entries.count {
            if matches(entries[index]) {
                entries.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Inserts `entry` after every entry due at or before its deadline. Its sequence is the newest,
    /// so this keeps `entries` sorted by (deadline, sequence).
    private func insert(_ entry: Entry) {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].deadline <= entry.deadline { low = middle + 1 } else { high = middle }
        }
        // Most new entries fall due after every pending one: appending skips the general insertion.
        if low == entries.count {
            entries.append(entry)
        } else {
            entries.insert(entry, at: low)
        }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// The continuation of one sleeping task, resumable once from the clock (main actor) or from a
/// cancellation handler (any thread): the first outcome wins, under the lock.
private final class SleeperSlot: Sendable {
    private struct State: ~Copyable {
        var continuation: CheckedContinuation<Void, any Error>?
        var outcome: Result<Void, any Error>?
    }

    private let state = Mutex(State())

    func install(_ continuation: CheckedContinuation<Void, any Error>) {
        let ready: Result<Void, any Error>? = state.withLock { state in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(with: ready) }
    }

    func resume(throwing error: (any Error)?) {
        let outcome: Result<Void, any Error> = error.map { .failure($0) } ?? .success(())
        let continuation: CheckedContinuation<Void, any Error>? = state.withLock { state in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            let continuation = state.continuation
            state.continuation = nil
            return continuation
        }
        continuation?.resume(with: outcome)
    }
}
