/// Extra background time (`beginBackgroundTask`): taken before work that may outlive the short
/// transition window, ended as soon as the work is done.
///
/// The expiration handler runs shortly before the budget runs out; a lease not ended by then is
/// reported to the host (iOS kills the app). Created by ``LifecycleRuntime/beginExtraTime(_:expiration:)``
/// and owned by the caller; lives on the main actor.
@MainActor
public final class ExtraTimeLease {
    /// The name given at creation, for logs.
    public let name: String
    /// When the budget runs out.
    public let deadline: LifelineInstant
    /// Whether ``end()`` has been called.
    public private(set) var isEnded = false

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
        onEnd(self)
    }
}
