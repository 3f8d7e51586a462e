import DurableState
import Synchronization

/// What the live process could not read or write because the device's lock kept its files
/// closed, for two checks built for that kind of bug (``SimulationOptions/deviceLocks``):
///
/// - *nothing is written over data that was not read*: a path whose read was refused for its
///   protection class, and not read since, that the same process then writes, replaces or
///   removes (``Violation/Kind/writtenOverUnreadData``);
/// - *work deferred by the lock runs after the unlock*: a write refused for its class must be
///   made again (a later write of that path, a rename onto it or its removal) once the process
///   knows the device is unlocked — it heard `protectedDataDidBecomeAvailable`, or a scene of it
///   was in the foreground after the unlock (``Violation/Kind/deferredWorkLost``).
///
/// Refusals come from the stores' `ProtectedDataAvailability` (the device's lock hears each one)
/// and from ``SimulatedFiles``; reads and writes from the live incarnation's file system. A write
/// refused on a durable replace's temporary file stands for its target (`DurableFile`'s names),
/// since the next attempt writes another temporary file. Nothing is kept until the first refusal,
/// so a run whose device never refuses pays one lock per storage call.
///
/// One per run, owned by its `RunContext`; what it holds belongs to the live process and is
/// dropped when another one launches. `Sendable`, its state guarded by a `Mutex`.
final class ProtectedDataLedger: Sendable {
    /// A read or a write refused for its protection class: where, why and when.
    struct Refusal: Sendable, Equatable {
        /// The file's path (a durable replace's target for its temporary file).
        var path: String
        /// The file's class.
        var protection: DataProtection
        /// The device's state then.
        var deviceState: DeviceLockState?
        /// The schedule step during which it was refused.
        var step: Int
        /// For a refused write, whether the process has learned since that the device is unlocked.
        var heardOfUnlock = false

        /// `the class complete, the device locked, at step 4`.
        var circumstances: String {
            "its class \(protection), the device \(deviceState.map { "\($0)" } ?? "locked"), at step \(step)"
        }
    }

    private struct State {
        var step = 0
        /// Paths whose last read in this process was refused.
        var unread: [String: Refusal] = [:]
        /// Writes refused in this process and not made since.
        var deferred: [String: Refusal] = [:]
        /// The first write over unread data, kept for the run to report.
        var overwritten: Refusal?

        var isEmpty: Bool { unread.isEmpty && deferred.isEmpty }
    }

    private let state = Mutex(State())

    /// Starts the ledger of a process that launches: the last process's entries are gone with it.
    func begin() {
        state.withLock { $0 = State(step: $0.step) }
    }

    /// The step now, for the refusals to come.
    func setStep(_ step: Int) {
        state.withLock { $0.step = step }
    }

    /// Records `refusal`, of a write when `writing`.
    func refused(_ refusal: ProtectedDataUnavailable, writing: Bool) {
        state.withLock { state in
            let path = writing ? DurableFile.target(ofTemporary: refusal.item) ?? refusal.item : refusal.item
            let entry = Refusal(path: path, protection: refusal.protection, deviceState: refusal.deviceState, step: state.step)
            if writing {
                if state.deferred[path] == nil { state.deferred[path] = entry }
            } else {
                state.unread[path] = entry
            }
        }
    }

    /// `path` was read: whatever was refused before, the process now holds what it holds.
    func read(_ path: String) {
        state.withLock { state in
            guard !state.isEmpty else { return }
            state.unread[path] = nil
        }
    }

    /// `path` was written, replaced or removed: a write the lock deferred is made; and if its last
    /// read was refused, it is written over data that was not read (kept for ``takeOverwrite()``)
    /// — unless it is a durable replace's backup that the replace moves its target onto
    /// (`rotatesBackup`): the backup only ever holds the generation before the target's.
    func wrote(_ path: String, rotatesBackup: Bool = false) {
        state.withLock { state in
            guard !state.isEmpty else { return }
            state.deferred[path] = nil
            if !rotatesBackup, state.overwritten == nil, let refused = state.unread[path] { state.overwritten = refused }
        }
    }

    /// The first write over unread data since the last call, if any.
    func takeOverwrite() -> Refusal? {
        state.withLock { state in
            defer { state.overwritten = nil }
            return state.overwritten
        }
    }

    /// The process learned that the device is unlocked: the writes refused so far must be made.
    func heardOfUnlock() {
        state.withLock { state in
            for path in state.deferred.keys { state.deferred[path]?.heardOfUnlock = true }
        }
    }

    /// The refused write, the first by step then path, that the process learned it could make
    /// and did not.
    func lostWork() -> Refusal? {
        state.withLock { state in
            state.deferred.values.filter(\.heardOfUnlock).min { ($0.step, $0.path) < ($1.step, $1.path) }
        }
    }
}
