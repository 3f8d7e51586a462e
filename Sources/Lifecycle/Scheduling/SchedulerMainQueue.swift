/// The main queue of a ``DispatchScheduler``, spelled as `DispatchQueue.main` is:
/// `scheduler.main.async { … }`, `scheduler.main.asyncAfter(.seconds(1)) { … }`. Its work runs on
/// the main actor. A `Sendable` value made by ``DispatchScheduler/main``.
public struct SchedulerMainQueue: Sendable {
    /// The scheduler that runs the work.
    public let scheduler: any DispatchScheduler

    /// Runs `work` on the main actor after the work sent before it.
    public func async(execute work: @escaping @MainActor @Sendable () -> Void) {
        scheduler.enqueueOnMain(after: nil, work)
    }

    /// Runs `work` on the main actor once `delay` has passed.
    public func asyncAfter(_ delay: Duration, execute work: @escaping @MainActor @Sendable () -> Void) {
        scheduler.enqueueOnMain(after: delay, work)
    }
}
