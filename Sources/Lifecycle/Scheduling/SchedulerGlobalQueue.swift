import Dispatch

/// A global queue of a ``DispatchScheduler``, spelled as `DispatchQueue.global(qos:)` is:
/// `scheduler.global().async { … }`. Its work runs off the main actor, concurrently with other
/// global work. A `Sendable` value made by ``DispatchScheduler/global(qos:)``.
public struct SchedulerGlobalQueue: Sendable {
    /// The scheduler that runs the work.
    public let scheduler: any DispatchScheduler
    /// The quality of service asked for (the simulator ignores it).
    public let qos: DispatchQoS.QoSClass

    /// Runs `work` as soon as the queue can.
    public func async(execute work: @escaping @Sendable () -> Void) {
        scheduler.enqueueGlobal(qos: qos, after: nil, work)
    }

    /// Runs `work` once `delay` has passed.
    public func asyncAfter(_ delay: Duration, execute work: @escaping @Sendable () -> Void) {
        scheduler.enqueueGlobal(qos: qos, after: delay, work)
    }
}
