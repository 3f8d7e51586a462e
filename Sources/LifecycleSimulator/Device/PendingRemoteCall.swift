import Synchronization

/// One call of ``SimulatedRemoteService/call(_:mayFail:cancelledBy:)`` in flight: its waiting
/// continuation and its outcome, decided once — by its answer arriving (a clock action on the
/// main actor) or by a cancellation (the caller's, on the thread that cancels; its task's; its
/// process's death). `Sendable`: the state is behind a mutex; the first outcome wins.
final class PendingRemoteCall: Sendable {
    private struct State: ~Copyable {
        var continuation: CheckedContinuation<Bool, Never>?
        /// `true` when the answer arrived, `false` when the call was cancelled.
        var outcome: Bool?
    }

    private let state = Mutex(State())

    /// Waits for the outcome (at once when it is already known): `true` when answered.
    func install(_ continuation: CheckedContinuation<Bool, Never>) {
        let ready: Bool? = state.withLock { state in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        if let ready { continuation.resume(returning: ready) }
    }

    /// Decides the outcome (`true`: answered) unless it is decided already; returns whether this
    /// call decided it.
    @discardableResult
    func finish(answered: Bool) -> Bool {
        let (decided, continuation): (Bool, CheckedContinuation<Bool, Never>?) = state.withLock { state in
            guard state.outcome == nil else { return (false, nil) }
            state.outcome = answered
            defer { state.continuation = nil }
            return (true, state.continuation)
        }
        continuation?.resume(returning: answered)
        return decided
    }
}
