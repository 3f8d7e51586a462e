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
/// at their deadline; those that sleep through the ``LifelineClock`` API are parked for the
/// ``WorkTracker`` while they wait. Code written against the standard `Clock` protocol sleeps on
/// ``continuous``, on the same timeline. Owned by the test or the simulator that creates it; lives
/// on the main actor, but its time and its sleepers sit behind a lock, so that ``now`` and
/// ``continuous`` serve any isolation.
@MainActor
public final class VirtualClock: LifelineClock {
    /// One pending action or sleeper, in the timeline until it fires or is removed.
    fileprivate struct Entry: Sendable {
        let deadline: LifelineInstant
        let sequence: Int
        let kind: Kind

        enum Kind: Sendable {
            /// A scheduled action and its handle (`nil` for a host's timer).
            case action(@MainActor () -> Void, ScheduledAction?)
            /// A sleeping task: its continuation slot, and the tracked task to unpark when it wakes.
            case sleeper(SleeperSlot, TrackedTask?)
        }
    }

    /// The current instant and the pending entries, sorted by (deadline, sequence): the earliest
    /// is always first. A value behind ``timeline``'s lock.
    fileprivate struct Timeline: ~Copyable {
        var current: LifelineInstant
        var entries: [Entry] = []
        var sequence = 0

        /// Inserts an entry due at `deadline` after every entry due at or before it; returns its
        /// sequence number (the newest, so the order stays (deadline, sequence)).
        mutating func insert(at deadline: LifelineInstant, _ kind: Entry.Kind) -> Int {
            sequence &+= 1
            let entry = Entry(deadline: deadline, sequence: sequence, kind: kind)
            // Most new entries fall due after every pending one: appending skips the search.
            if let last = entries.last, last.deadline > deadline {
                var low = 0
                var high = entries.count
                while low < high {
                    let middle = (low + high) / 2
                    if entries[middle].deadline <= deadline { low = middle + 1 } else { high = middle }
                }
                entries.insert(entry, at: low)
            } else {
                entries.append(entry)
            }
            return sequence
        }

        /// Removes the entry `sequence`; returns whether it was pending.
        mutating func remove(_ sequence: Int) -> Bool {
            guard let index = entries.firstIndex(where: { $0.sequence == sequence }) else { return false }
            entries.remove(at: index)
            return true
        }
    }

    /// The time and the pending entries. Taken briefly and never held while an action or a
    /// continuation runs.
    private nonisolated let timeline: Mutex<Timeline>
    /// The wall-clock date at ``LifelineInstant/zero``.
    public nonisolated let origin: Date

    /// Creates a clock at instant zero whose wall-clock date starts at `origin`.
    public init(origin: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.origin = origin
        self.timeline = Mutex(Timeline(current: .zero))
    }

    /// Creates a clock that starts at `start` (the date at instant zero is still `origin`): the
    /// clock of a new process incarnation on a device whose time already runs.
    public init(origin: Date = Date(timeIntervalSince1970: 1_800_000_000), start: LifelineInstant) {
        self.origin = origin
        self.timeline = Mutex(Timeline(current: start))
    }

    /// The current virtual instant; readable from any isolation.
    public nonisolated var now: LifelineInstant { timeline.withLock { $0.current } }

    /// ``origin`` plus the virtual time elapsed.
    public nonisolated var date: Date {
        origin.addingTimeInterval(Self.seconds(now.offset))
    }

    /// This clock as a standard `Clock` (`any Clock<Duration>`), for code that sleeps the way
    /// `ContinuousClock` does: its sleepers share this clock's timeline.
    public nonisolated var continuous: VirtualContinuousClock { VirtualContinuousClock(self) }

    /// The earliest pending deadline (an action or a sleeper), if any.
    public nonisolated var nextDeadline: LifelineInstant? {
        timeline.withLock { $0.entries.first?.deadline }
    }

    /// Number of pending actions and sleepers.
    public nonisolated var pendingCount: Int { timeline.withLock { $0.entries.count } }

    /// Records `action` to run inside the ``advance(to:)`` that reaches `deadline`.
    @discardableResult
    public func schedule(at deadline: LifelineInstant, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
        timeline.withLock { timeline in
            // The sequence `insert` gives the entry: the handle removes it by that number.
            let sequence = timeline.sequence &+ 1
            let handle = ScheduledAction { [weak self] in _ = self?.timeline.withLock { $0.remove(sequence) } }
            _ = timeline.insert(at: deadline, .action(action, handle))
            return handle
        }
    }

    /// A host's timer (the simulator's delayed jobs): `action` runs on the main actor inside the
    /// ``advance(to:)`` that reaches `deadline`, in order with every other entry. Callable from any
    /// isolation; returns the timer's number for ``cancelTimer(_:)``.
    package nonisolated func addTimer(at deadline: LifelineInstant, _ action: @escaping @MainActor () -> Void) -> Int {
        timeline.withLock { $0.insert(at: deadline, .action(action, nil)) }
    }

    /// Removes the timer `number` (from ``addTimer(at:_:)``); returns whether it was pending.
    @discardableResult
    package nonisolated func cancelTimer(_ number: Int) -> Bool {
        timeline.withLock { $0.remove(number) }
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

    /// The body of both sleeps of the ``LifelineClock`` API.
    @inline(__always)
    private func sleepUntil(_ deadline: LifelineInstant) async throws {
        let waiter = WorkTracker.currentTask
        guard let (slot, sequence) = enterSleeper(until: deadline, waiter: waiter) else { return try Task.checkCancellation() }
        // A cancelled sleeper leaves no entry behind: `nextDeadline` only reports real work.
        defer { _ = timeline.withLock { $0.remove(sequence) } }
        // The tracker's parking in its two halves (see `WorkTracker.beginParking(_:)`): the task is
        // parked while it sleeps, unparked when woken or cancelled, and then waits for its turn.
        guard let waiter, waiter.tracker.beginParking(waiter) else {
            try await slot.wait()
            return
        }
        let tracker = waiter.tracker
        let id = waiter.id
        do {
            try await slot.wait { tracker.unparkOnCancellation(id) }
        } catch {
            if !tracker.claimTurn(id) { await tracker.awaitTurn(id) }
            throw error
        }
        if !tracker.claimTurn(id) { await tracker.awaitTurn(id) }
    }

    /// The sleep of ``continuous``: suspends until an ``advance(to:)`` reaches `deadline`, from any
    /// isolation, without parking (the caller may not be on the main actor, where the tracker lives).
    ///
    /// - Throws: `CancellationError` if the task is cancelled first; no entry is left behind.
    nonisolated func sleepFromAnyIsolation(until deadline: LifelineInstant) async throws {
        guard let (slot, sequence) = enterSleeper(until: deadline, waiter: nil) else { return try Task.checkCancellation() }
        defer { _ = timeline.withLock { $0.remove(sequence) } }
        try await slot.wait()
    }

    /// Adds a sleeper due at `deadline` (`waiter`: the tracked task to unpark when it wakes) and
    /// returns its slot and sequence number; `nil`, adding nothing, when `deadline` has come.
    private nonisolated func enterSleeper(until deadline: LifelineInstant, waiter: TrackedTask?) -> (SleeperSlot, Int)? {
        timeline.withLock { timeline in
            guard timeline.current < deadline else { return nil }
            let slot = SleeperSlot()
            return (slot, timeline.insert(at: deadline, .sleeper(slot, waiter)))
        }
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
        while true {
            let step: AdvanceStep = timeline.withLock { timeline in
                guard let first = timeline.entries.first, first.deadline <= instant else {
                    if instant > timeline.current { timeline.current = instant }
                    return .reachedTarget
                }
                guard fired < limit else { return .stoppedAtLimit }
                timeline.entries.removeFirst()
                if first.deadline > timeline.current { timeline.current = first.deadline }
                return .fire(first)
            }
            guard case .fire(let entry) = step else { return fired }
            fired += 1
            switch entry.kind {
            case let .action(fire, handle):
                handle?.markFired()
                fire()
            case let .sleeper(slot, waiter):
                slot.resume(throwing: nil)
                if let waiter { waiter.tracker.unpark(waiter) }
            }
        }
    }

    /// What one turn of ``advance(to:firingAtMost:)`` does, decided under the lock.
    private enum AdvanceStep {
        /// Run this entry (already removed, time moved to its deadline).
        case fire(Entry)
        /// Nothing more is due: time is at the target.
        case reachedTarget
        /// The limit is reached with work still due: time stays at the last entry run.
        case stoppedAtLimit
    }

    /// Moves time forward to `instant` without running anything: what a suspended process sees.
    /// Actions and sleepers that fall due meanwhile run at the next ``advance(to:)``, late.
    /// Does nothing if `instant` is in the past.
    public func skip(to instant: LifelineInstant) {
        timeline.withLock { if instant > $0.current { $0.current = instant } }
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
        let pending = timeline.withLock { timeline in
            defer { timeline.entries.removeAll() }
            return timeline.entries
        }
        for entry in pending {
            switch entry.kind {
            case .action(_, let handle):
                handle?.cancel()
            case let .sleeper(slot, waiter):
                slot.resume(throwing: CancellationError())
                if let waiter { waiter.tracker.unpark(waiter) }
            }
        }
    }

    static nonisolated func seconds(_ duration: Duration) -> TimeInterval {
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

    /// Suspends until ``resume(throwing:)``, or until the task is cancelled (then `onCancel` runs
    /// too, on the cancelling thread).
    ///
    /// - Throws: what the slot was resumed with (`CancellationError` for a cancellation).
    func wait(onCancel: (@Sendable () -> Void)? = nil) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { @Sendable continuation in install(continuation) }
        } onCancel: {
            resume(throwing: CancellationError())
            onCancel?()
        }
    }

    private func install(_ continuation: CheckedContinuation<Void, any Error>) {
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
