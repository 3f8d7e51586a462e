/// A running background task handed to the handler registered for its identifier
/// (`BGTask`). The handler sets ``expirationHandler`` and calls ``setTaskCompleted(success:)``.
///
/// Work for the task runs in ``scope``, which ends (cancelling it) when the task completes or
/// expires. Created and retained by the runtime until completion; lives on the main actor.
@MainActor
public final class BackgroundTask {
    /// The identifier of the request.
    public let identifier: String
    /// The kind of the request.
    public let kind: BackgroundTaskRequest.Kind
    /// When the budget runs out; the expiration handler runs shortly before.
    public let deadline: LifelineInstant
    /// Work bound to this task.
    public let scope: TaskScope
    /// Called shortly before the budget runs out (or when the host ends the task early); stop work
    /// and call ``setTaskCompleted(success:)``.
    public var expirationHandler: (@MainActor () -> Void)?
    /// `nil` while running; the success flag once completed.
    public private(set) var completion: Bool?
    /// Whether the expiration handler has been called.
    public private(set) var didExpire = false

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
        scope.end()
        onComplete(self)
    }

    func expire() {
        guard completion == nil, !didExpire else { return }
        didExpire = true
        expirationHandler?()
    }
}
