import DurableState
import Foundation
import Lifecycle

/// Delivering host events to the incarnation and letting it settle, on the main actor: the run
/// loop's waits for the app's work and for virtual time.
extension SimulationRun {
    /// Reports the runtime's refusal of an event the device believed legal.
    func deliver(_ event: HostEvent) {
        guard let current else { return }
        do {
            try current.runtime.handle(event)
        } catch {
            if case .unregisteredBackgroundTask = error {
                context.record("device", "no handler registered for \(event); the request is dropped")
                return
            }
            context.report(.illegalEvent, "the runtime refused \(event): \(error)")
        }
    }

    /// Runs due timers and lets woken tasks run until every tracked task is parked or finished;
    /// reports work that makes no progress for ``SimulationOptions/stallLimit`` yields.
    func settle() async {
        var stalls = 0
        var stalledSince: ContinuousClock.Instant?
        while true {
            switch settleUntilWaiting() {
            case .settled:
                return
            case .dies(let death):
                await die(death)
                return
            case .waits(let tracker):
                let generation = tracker.generation
                await InlineJobs.yield()
                yields += 1
                if tracker.generation == generation {
                    stalls += 1
                    if stalls >= options.stallLimit, Self.hasStalled(since: &stalledSince, limit: options.stallTime) {
                        let labels = tracker.unparkedLabels.joined(separator: "; ")
                        context.report(.escapedWork, "tracked work waits on something the simulator does not control: \(labels)")
                        return
                    }
                } else {
                    stalls = 0
                    stalledSince = nil
                }
            }
        }
    }

    /// ``settle()`` when it needs no suspension (the usual case: the captured jobs and due timers
    /// run inline); false, with nothing left undone that ``settle()`` would not do next, when it
    /// must wait. Callers try it before awaiting ``settle()``, which spares them the hops of the
    /// async call.
    func settledWithoutWaiting() -> Bool {
        if case .settled = settleUntilWaiting() { return true }
        return false
    }

    /// Where ``settleUntilWaiting()`` stopped.
    enum SettleProgress {
        /// Settled (off-main accesses reported), or there is nothing to settle.
        case settled
        /// A crash tripped during the step: the process dies.
        case dies(ProcessDeath)
        /// Only a yield can let `tracker`'s unparked work progress.
        case waits(WorkTracker)
    }

    /// The part of ``settle()`` between two suspensions: runs captured jobs and due timers until
    /// the device settles, a crash trips, or only a yield can make progress.
    func settleUntilWaiting() -> SettleProgress {
        while let current, violation == nil {
            if let death = context.trippedDeath { return .dies(death) }
            if InlineJobs.runCaptured() > 0 {
                if isBusyWithoutEnd(current, rounds: 1) { break }
                continue
            }
            // No timer fires once the app's background time ended: the device freezes it at once.
            if !context.isSuspended, context.backgroundTimeEnd == nil, let next = current.clock.nextDeadline, next <= context.now {
                let fired = current.clock.advance(to: context.now, firingAtMost: options.busyLoopLimit - busyRounds + 1)
                if isBusyWithoutEnd(current, rounds: fired) { break }
                continue
            }
            let tracker = current.tracker
            if tracker.isQuiescent { break }
            return .waits(tracker)
        }
        busyRounds = 0
        reportOffMainAccesses()
        return .settled
    }

    /// Counts `rounds` rounds of work (a batch of jobs, or each timer fired) since the device last
    /// settled; past ``SimulationOptions/busyLoopLimit`` rounds reports the busy loop, naming the
    /// work `current` started last, and returns true.
    private func isBusyWithoutEnd(_ current: ProcessIncarnation, rounds: Int) -> Bool {
        busyRounds += rounds
        guard busyRounds > options.busyLoopLimit else { return false }
        let last = current.tracker.lastStartedLabel.map { "; the work it started last: \($0)" } ?? ""
        context.report(
            .busyLoop,
            "the app kept busy for \(options.busyLoopLimit) rounds of timers due at once and jobs without time passing (it never idles)\(last)"
        )
        return true
    }

    /// Whether real time `limit` has passed since the first call of a stall (it only decides when
    /// to give up on escaped work; it never changes what the trace records).
    static func hasStalled(since start: inout ContinuousClock.Instant?, limit: Duration) -> Bool {
        let now = ContinuousClock.now
        guard let start else {
            start = now
            return limit <= .zero
        }
        return start.duration(to: now) >= limit
    }

    func reportOffMainAccesses() {
        let accesses = context.offMainAccesses.drain()
        if let first = accesses.first {
            context.report(.escapedWork, "\(first)\(accesses.count > 1 ? " (+\(accesses.count - 1) more)" : "")")
        }
    }

    /// Moves device time to `target`, deadline by deadline, settling after each.
    func advanceTime(to target: LifelineInstant) async {
        while true {
            switch advanceTimeUntilWaiting(to: target) {
            case .done: return
            case .settlesThenContinues: await settle()
            case .settlesLast: await settle(); return
            }
        }
    }

    /// Finishes ``advanceTime(to:)`` where ``advanceTimeUntilWaiting(to:)`` stopped with `progress`.
    func completeAdvance(_ progress: TimeProgress, to target: LifelineInstant) async {
        switch progress {
        case .done: return
        case .settlesThenContinues: await settle(); await advanceTime(to: target)
        case .settlesLast: await settle()
        }
    }

    /// Where ``advanceTimeUntilWaiting(to:)`` stopped.
    enum TimeProgress {
        /// Time is at the target and the device settled.
        case done
        /// A deadline's settling must wait: after ``settle()``, ``advanceTime(to:)`` continues.
        case settlesThenContinues
        /// Time is at the target; only the last settling must wait (``settle()``).
        case settlesLast
    }

    /// ``advanceTime(to:)`` up to its first suspension. Restarting it after ``settle()`` continues
    /// the deadline loop where it stopped: nothing precedes the loop.
    func advanceTimeUntilWaiting(to target: LifelineInstant) -> TimeProgress {
        while violation == nil, let current {
            // An app whose background time ended at the last deadline is suspended before time
            // moves on: its later timers fall due while it is frozen.
            suspendIfOutOfTime()
            guard !context.isSuspended, let next = current.clock.nextDeadline, next <= target else { break }
            if next > context.now { context.now = next }
            if !settledWithoutWaiting() { return .settlesThenContinues }
        }
        if target > context.now { context.now = target }
        if let current {
            if context.isSuspended {
                current.clock.skip(to: context.now)
            } else {
                current.clock.advance(to: context.now)
                if !settledWithoutWaiting() { return .settlesLast }
            }
        }
        return .done
    }
}
