import Synchronization

/// Cancels one HTTP request from outside it: the caller's deadline (a lifecycle-clock action) or
/// the caller's task being cancelled. A transport registers what stops its request with
/// ``onCancel(_:)``.
///
/// ```swift
/// let cancellation = HTTPCancellation()
/// let deadline = clock.schedule(after: .seconds(10)) { cancellation.cancel(.timedOut) }
/// defer { deadline.cancel() }
/// let response = try await transport.get(url, maximumBodySize: limit, cancellation: cancellation)
/// ```
///
/// Created by the caller for one request and shared with its transport. `Sendable`: its state is
/// behind a mutex; handlers run once, on the thread that cancels, outside the lock.
public final class HTTPCancellation: Sendable {
    /// Why a request was cancelled.
    public enum Reason: Hashable, Sendable {
        /// The caller's deadline passed.
        case timedOut
        /// The caller no longer wants the answer (its task was cancelled).
        case abandoned
    }

    private struct State {
        var reason: Reason?
        var handlers: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    /// Creates a cancellation that has not fired.
    public init() {}

    /// Why the request was cancelled, or `nil` while it was not.
    public var reason: Reason? { state.withLock { $0.reason } }

    /// Whether ``cancel(_:)`` was called.
    public var isCancelled: Bool { reason != nil }

    /// Cancels the request for `reason` and runs the registered handlers. Later calls do nothing
    /// (the first reason is kept).
    public func cancel(_ reason: Reason) {
        let handlers: [@Sendable () -> Void] = state.withLock { state in
            guard state.reason == nil else { return [] }
            state.reason = reason
            defer { state.handlers.removeAll() }
            return state.handlers
        }
        for handler in handlers { handler() }
    }

    /// Runs `handler` when the request is cancelled: at once (on this thread) if it already is.
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            if state.reason != nil { return true }
            state.handlers.append(handler)
            return false
        }
        if runNow { handler() }
    }
}
