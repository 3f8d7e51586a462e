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

    /// Runs the app until it is quiescent: ready work (``RunScheduler``) and due timers, until both
    /// lanes are empty and no timer of the live process is due, a crash trips (the process dies)
    /// or the app is busy without end (``SimulationOptions/busyLoopLimit``). Never suspends: every
    /// job of the app runs here, on the simulator's executors, one at a time.
    func settle() {
        while let current, violation == nil {
            if let death = context.trippedDeath {
                die(death)
                return
            }
            if scheduler.runNext() {
                if isBusyWithoutEnd(current, rounds: 1) { break }
                continue
            }
            // No timer fires once the app's background time ended: the device freezes it at once.
            if !context.isSuspended, context.backgroundTimeEnd == nil, let next = current.clock.nextDeadline, next <= context.now {
                let fired = current.clock.advance(to: context.now, firingAtMost: options.busyLoopLimit - busyRounds + 1)
                if isBusyWithoutEnd(current, rounds: fired) { break }
                continue
            }
            break
        }
        busyRounds = 0
        reportOffMainAccesses()
        reportEscapes()
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

    func reportOffMainAccesses() {
        let accesses = context.offMainAccesses.drain()
        if let first = accesses.first {
            context.report(.escapedWork, "\(first)\(accesses.count > 1 ? " (+\(accesses.count - 1) more)" : "")")
        }
    }

    /// Reports the first escape the scheduler noted (work of the run that something outside the
    /// simulation touched), naming the tracked work it started in when there is one.
    func reportEscapes() {
        let escapes = scheduler.takeEscapes()
        guard let first = escapes.first else { return }
        var message = "\(first.what), in process #\(first.process)"
        if let origin = first.origin { message += ", started in \(origin.label)" }
        if escapes.count > 1 { message += " (+\(escapes.count - 1) more)" }
        context.report(.escapedWork, message)
    }

    /// Moves device time to `target`, deadline by deadline of the live process's clock, and
    /// lets the app settle after each.
    func advanceTime(to target: LifelineInstant) {
        while violation == nil, let current {
            // An app whose background time ended at the last deadline is suspended before time
            // moves on: its later timers fall due while it is frozen.
            suspendIfOutOfTime()
            guard !context.isSuspended, let next = current.clock.nextDeadline, next <= target else { break }
            if next > context.now { context.now = next }
            settle()
        }
        if target > context.now { context.now = target }
        if let current {
            if context.isSuspended {
                current.clock.skip(to: context.now)
            } else {
                current.clock.advance(to: context.now)
                settle()
            }
        }
    }
}
