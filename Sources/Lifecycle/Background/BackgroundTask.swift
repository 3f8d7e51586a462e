/// A running background task handed to the handler registered for its identifier
/// (`BGTask`). The handler sets ``expirationHandler`` and calls ``setTaskCompleted(success:)``.
///
/// ```swift
/// try runtime.registerBackgroundTask("refresh") { task in
///     task.scope.task("refresh loans") {
///         await loans.refresh()
///         task.setTaskCompleted(success: true)
///     }
///     task.expirationHandler = { task.setTaskCompleted(success: false) }
/// }
/// ```
///
/// Work for the task runs in ``scope``, which ends (cancelling it) when the task completes, or is
/// abandoned when the process dies. Created and retained by the runtime until completion; lives on
/// the main actor.
@MainActor
public final class BackgroundTask {
    /// The identifier of the request.
    public let identifier: String
    /// The kind of the request.
    public let kind: BackgroundTaskRequest.Kind
    /// When the budget runs out; the expiration handler runs shortly before. After an early
    /// expiration the task has only the grace period left.
    public let deadline: LifelineInstant
    /// Work bound to this task.
    public let scope: TaskScope
    /// Called shortly before the budget runs out (or when the system ends the task early, or the
    /// user returns during a processing task); stop work and call ``setTaskCompleted(success:)``.
    /// Released once called, and when the task completes or is abandoned: a handler that captures
    /// its task, as in the example above, does not keep it alive.
    public var expirationHandler: (@MainActor () -> Void)?
    /// `nil` while running; the success flag once completed.
    public private(set) var completion: Bool?
    /// Whether the expiration handler has been called.
    public private(set) var didExpire = false

    /// Calls ``LifecycleRuntime`` `expire` shortly before the deadline.
    var warningTimer: ScheduledAction?
    /// Reports the overrun at the deadline (moved earlier by an early expiration).
    var deadlineTimer: ScheduledAction?
    private let onComplete: @MainActor (BackgroundTask) -> Void

    init(
        identifier: String, kind: BackgroundTaskRequest.Kind, deadline: LifelineInstant, scope: TaskScope,
        onComplete: @escaping @MainActor (BackgroundTask) -> Void
    ) {
        self.identifier = identifier
        self.kind = kind
        self.deadline = deadline
        self.scope = scope
        self.onComplete = onComplete
    }

    /// Reports the work as finished. Later calls do nothing.
    public func setTaskCompleted(success: Bool) {
        guard completion == nil else { return }
        completion = success
        expirationHandler = nil
        cancelTimers()
        scope.end()
        onComplete(self)
    }

    /// Calls the expiration handler once, unless the task has completed.
    func expire() {
        guard completion == nil, !didExpire else { return }
        didExpire = true
        let handler = expirationHandler
        expirationHandler = nil
        handler?()
    }

    /// The process was killed: no callback, the scope's tasks are cancelled.
    func abandon() {
        expirationHandler = nil
        cancelTimers()
        scope.abandon()
    }

    private func cancelTimers() {
        warningTimer?.cancel()
        deadlineTimer?.cancel()
        warningTimer = nil
        deadlineTimer = nil
    }
}
