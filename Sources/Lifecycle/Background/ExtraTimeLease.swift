/// Extra background time (`beginBackgroundTask`): taken before work that may outlive the short
/// transition window, ended as soon as the work is done.
///
/// ```swift
/// let lease = runtime.beginExtraTime("upload draft") { uploader.cancel() }
/// defer { lease.end() }
/// ```
///
/// The budget counts from the moment the lease is taken. The expiration handler runs shortly
/// before the budget runs out; a lease not ended by then is ended by the runtime and reported to
/// the host (iOS kills the app). Created by ``LifecycleRuntime/beginExtraTime(_:expiration:)``
/// and owned by the caller; lives on the main actor.
@MainActor
public final class ExtraTimeLease {
    /// The name given at creation, for logs.
    public let name: String
    /// When the budget runs out.
    public let deadline: LifelineInstant
    /// Whether ``end()`` has been called (or the runtime ended the lease at its deadline).
    public private(set) var isEnded = false

    /// The expiration-warning and deadline timers; cancelled when the lease ends.
    var timers: [ScheduledAction] = []
    private let onEnd: @MainActor (ExtraTimeLease) -> Void

    init(name: String, deadline: LifelineInstant, onEnd: @escaping @MainActor (ExtraTimeLease) -> Void) {
        self.name = name
        self.deadline = deadline
        self.onEnd = onEnd
    }

    /// Ends the lease. Later calls do nothing.
    public func end() {
        guard !isEnded else { return }
        isEnded = true
        for timer in timers { timer.cancel() }
        timers.removeAll()
        onEnd(self)
    }

    /// The process was killed: the lease ends with no callback.
    func abandon() {
        isEnded = true
        for timer in timers { timer.cancel() }
        timers.removeAll()
    }
}
