import Dispatch

/// Where an app sends callback work, shaped like Grand Central Dispatch's main and global
/// queues: inject one at the composition root instead of reaching for `DispatchQueue`, and the
/// same code runs on Dispatch on a device (``SystemDispatchScheduler``) and on the virtual clock
/// under the simulator.
///
/// ```swift
/// let scheduler: any DispatchScheduler = SystemDispatchScheduler()   // on a device
/// scheduler.global(qos: .utility).async {
///     let data = try? Data(contentsOf: url)
///     scheduler.main.async { model.show(data) }
/// }
/// scheduler.main.asyncAfter(.milliseconds(300)) { model.save() }
/// ```
///
/// The main queue runs its work on the main actor, in the order it was sent, among the main
/// actor's own jobs; the global queues run theirs concurrently (the simulator picks the order from
/// its seed, and ignores the quality of service). Work sent after a delay runs no earlier than the
/// delay. A `Sendable` value chosen by the host; callable from any isolation.
public protocol DispatchScheduler: Sendable {
    /// Runs `work` on the main queue (the main actor) after `delay`, or as soon as the work sent
    /// there before it has run when `delay` is `nil`.
    func enqueueOnMain(after delay: Duration?, _ work: @escaping @MainActor @Sendable () -> Void)

    /// Runs `work` on a global queue of quality of service `qos` after `delay`, or as soon as it
    /// can when `delay` is `nil`.
    func enqueueGlobal(qos: DispatchQoS.QoSClass, after delay: Duration?, _ work: @escaping @Sendable () -> Void)
}

extension DispatchScheduler {
    /// The main queue, as `DispatchQueue.main`: `scheduler.main.async { … }`.
    public var main: SchedulerMainQueue { SchedulerMainQueue(scheduler: self) }

    /// A global queue, as `DispatchQueue.global(qos:)`: `scheduler.global().async { … }`.
    public func global(qos: DispatchQoS.QoSClass = .default) -> SchedulerGlobalQueue {
        SchedulerGlobalQueue(scheduler: self, qos: qos)
    }
}
