/// Counts the app's scoped work and names it: a host knows when that work is quiescent, and a
/// report says which work it means (`scene S1: load note`).
///
/// Every task started through a ``TaskScope`` is *live* until it returns. A live task that waits at
/// a suspension point Lifeline owns (a ``LifelineClock`` sleep, a simulated I/O call, the phase
/// sequence) is *parked*. When every live task is parked, nothing of that work can run until the
/// host delivers an event or advances time: a host on the platform's executors (a test rig) waits
/// for this instead of yielding and hoping. A live task that is neither running nor parked waits
/// on something else. (The simulator owns every job of the app and knows quiescence without it; it
/// uses the labels to name work in its reports.)
///
/// An unstructured `Task {}` created inside a tracked task inherits its identity (``currentTask``
/// is a task-local): reports name it by the scoped work it started in.
///
/// Woken tasks run one at a time in the order they were woken (see ``parked(onCancel:_:)``), so that
/// a test driving a ``VirtualClock`` on the platform's executors sees the same order every time. A
/// host whose executors already order every job (the simulator's) turns this off with
/// `ordersWakes: false`: then a task woken from a park runs as soon as its executor runs it.
///
/// One tracker per process incarnation, created by the host and shared by the runtime, its scopes
/// and its clock. Lives on the main actor.
@MainActor
public final class WorkTracker {
    /// Identity of a tracked task, unique within one tracker.
    public typealias TaskID = Int

    /// The tracked task the current code runs in, if any; readable from any isolation.
    public nonisolated static var currentTask: TrackedTask? { TrackedTask.current }

    /// A task's label kept in its two parts, joined only when a report reads it.
    struct Label {
        let scope: String
        let task: String
        var text: String { "\(scope): \(task)" }
    }

    /// Live tracked tasks by identity, with their labels (built on each read: for reports and
    /// tests).
    public var liveTasks: [TaskID: String] {
        var labels: [TaskID: String] = [:]
        for (key, label) in live { labels[key.id] = label.text }
        return labels
    }

    /// The live tasks' labels in parts; the storage behind ``liveTasks``.
    private var live = [Key: Label](minimumCapacity: WorkTracker.typicalLiveTasks)
    /// The live tasks parked at a Lifeline-owned suspension point; the storage behind
    /// ``parkedTasks``.
    private var parked = Set<Key>(minimumCapacity: WorkTracker.typicalLiveTasks)
    /// Incremented on every start, finish, park and unpark; a host compares it to notice progress.
    public var generation: Int { changes }
    /// The storage behind ``generation``.
    private var changes = 0
    /// Live tasks that are not parked: the app can still run while this is not zero.
    private var runnableCount = 0
    private var nextID = 0

    /// Whether woken tasks wait for their turn, in wake order (see ``parked(onCancel:_:)``).
    public let ordersWakes: Bool

    /// Creates an empty tracker. `ordersWakes`: whether tasks woken from a park run one at a time
    /// in wake order (the default); a host whose executors order every job passes `false`.
    public init(ordersWakes: Bool = true) {
        self.ordersWakes = ordersWakes
    }

    /// Room reserved for live and parked tasks when a tracker is created: an app keeps a handful
    /// of tasks live at once.
    private static let typicalLiveTasks = 12

    /// The label of the task started last (`nil` before the first), for reports: a host that finds
    /// the app busy without end names the work it last started.
    public var lastStartedLabel: String? { lastStarted?.text }
    /// The storage behind ``lastStartedLabel``.
    private var lastStarted: Label?

    /// The subset of ``liveTasks`` parked at a Lifeline-owned suspension point (built on each read:
    /// for tests).
    public var parkedTasks: Set<TaskID> {
        var identities = Set<TaskID>()
        for key in parked { identities.insert(key.id) }
        return identities
    }

    /// Whether every live task is parked (true when there are none).
    public var isQuiescent: Bool { runnableCount == 0 }

    /// Labels of live tasks that are not parked, sorted, for reports.
    public var unparkedLabels: [String] {
        live.filter { !parked.contains($0.key) }.sorted { $0.key.id < $1.key.id }.map(\.value.text)
    }

    /// Starts counting a task of the scope named `scope` labelled `label`.
    func start(scope: String, label: String) -> TrackedTask {
        nextID &+= 1
        let started = Label(scope: scope, task: label)
        live[Key(id: nextID)] = started
        lastStarted = started
        runnableCount &+= 1
        changes &+= 1
        return TrackedTask(id: nextID, tracker: self, scope: scope, name: label)
    }

    /// Whether the task `id` is live (started and not finished).
    func isLive(_ id: TaskID) -> Bool {
        live[Key(id: id)] != nil
    }

    func finish(_ id: TaskID) {
        let key = Key(id: id)
        if live.removeValue(forKey: key) != nil, parked.remove(key) == nil { runnableCount &-= 1 }
        while let index = runQueue.firstIndex(of: id) { runQueue.remove(at: index) }
        changes &+= 1
        if running == id { admitNext() }
    }

    /// Marks the current tracked task, if any, parked at a Lifeline-owned suspension point while
    /// `body` suspends, in whichever tracker counts it. See ``parked(onCancel:_:)``.
    public static func parkCurrentTask<T, E: Error>(
        onCancel: (@Sendable () -> Void)? = nil, _ body: () async throws(E) -> T
    ) async throws(E) -> T {
        guard let task = currentTask else {
            guard let onCancel else { return try await body() }
            return try await withCancellation(onCancel, body)
        }
        return try await task.tracker.parked(task, onCancel: onCancel, body)
    }

    /// Marks the current tracked task (if any) parked while `body` suspends.
    ///
    /// Lifeline-owned suspension points wrap their wait in this; code outside a tracked task runs
    /// `body` unchanged. Whoever resumes the wait calls ``unpark(_:)`` at that moment, so that the
    /// task counts as runnable before it gets the main actor back; cancelling the task from the
    /// main actor unparks it too.
    ///
    /// When `body` returns, the task waits for its turn (unless the tracker does not
    /// ``ordersWakes``): woken tasks run one at a time, in the order they were unparked, the next
    /// one admitted when the previous parks again or finishes.
    /// A resumed continuation reaches the main actor through the runtime's thread pool, so two
    /// tasks woken together could otherwise run in either order; with the turn rule their order
    /// depends only on the order of the wakes.
    ///
    /// `onCancel` is for a wait that must end when its task is cancelled: it runs once, on any
    /// thread, from the same cancellation handler that unparks the task.
    public func parked<T, E: Error>(
        onCancel: (@Sendable () -> Void)? = nil, _ body: () async throws(E) -> T
    ) async throws(E) -> T {
        try await parked(WorkTracker.currentTask, onCancel: onCancel, body)
    }

    /// ``parked(onCancel:_:)`` with ``currentTask`` already read (`task`).
    @inline(__always)
    func parked<T, E: Error>(
        _ task: TrackedTask?, onCancel: (@Sendable () -> Void)? = nil, _ body: () async throws(E) -> T
    ) async throws(E) -> T {
        guard let task, beginParking(task) else {
            guard let onCancel else { return try await body() }
            return try await Self.withCancellation(onCancel, body)
        }
        let id = task.id
        let result: Result<T, E> = await withTaskCancellationHandler {
            do throws(E) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        } onCancel: { [self] in
            onCancel?()
            unparkOnCancellation(id)
        }
        if !claimTurn(id) { await awaitTurn(id) }
        return try result.get()
    }

    /// The first half of ``parked(onCancel:_:)``, for a suspension point that writes its wait out
    /// (``VirtualClock``'s sleep): marks `task` parked and returns true, or returns false and
    /// changes nothing when `task` is not a live, unparked task of this tracker. The wait's
    /// cancellation handler then calls ``unparkOnCancellation(_:)``, and the task claims its turn
    /// (``claimTurn(_:)``, then ``awaitTurn(_:)`` if needed) once the wait is over, whatever its
    /// outcome.
    func beginParking(_ task: TrackedTask) -> Bool {
        let key = Key(id: task.id)
        guard task.tracker === self, live[key] != nil, parked.insert(key).inserted else { return false }
        runnableCount &-= 1
        changes &+= 1
        if running == task.id { admitNext() }
        return true
    }

    /// The cancellation side of a parked wait; runs on any thread. Cancelling a task parked at a
    /// Lifeline point resumes it: count it runnable at once when the cancellation comes from the
    /// main queue (scopes end there).
    nonisolated func unparkOnCancellation(_ id: TaskID) {
        guard MainQueue.isCurrent else { return }
        MainActor.assumeIsolated { unpark(id) }
    }

    /// `withTaskCancellationHandler` keeping `body`'s typed error.
    private nonisolated static func withCancellation<T, E: Error>(
        _ onCancel: @Sendable () -> Void, _ body: () async throws(E) -> T
    ) async throws(E) -> T {
        let result: Result<T, E> = await withTaskCancellationHandler {
            do throws(E) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        } onCancel: {
            onCancel()
        }
        return try result.get()
    }

    /// Marks `task` runnable again: a Lifeline-owned suspension point calls this when it resumes
    /// the task's wait (a clock deadline, a phase change), since the task only runs later, when it
    /// gets the main actor. Does nothing for a task that is not parked in this tracker.
    public func unpark(_ task: TrackedTask) {
        guard task.tracker === self else { return }
        unpark(task.id)
    }

    func unpark(_ id: TaskID) {
        guard parked.remove(Key(id: id)) != nil else { return }
        runnableCount &+= 1
        changes &+= 1
        if ordersWakes { runQueue.append(id) }
    }

    /// Woken tasks waiting for their turn, in the order they were unparked.
    private var runQueue: [TaskID] = []
    /// The woken task allowed to run; the next one is admitted when it parks again or finishes.
    private var running: TaskID?
    /// Tasks that came back before their turn, waiting to be admitted; each is resumed once, by
    /// ``admitNext()`` after removing it from this table.
    private var turnWaiters: [TaskID: CheckedContinuation<Void, Never>] = [:]

    /// The last half of a parked wait, written out by its callers as
    /// `if !claimTurn(id) { await awaitTurn(id) }` (see ``parked(onCancel:_:)``): the task mostly
    /// gets its turn at once, without suspending.
    ///
    /// Queues the task `id` (a resumer that did not unpark, none in Lifeline, still gets a turn) and
    /// returns true if it runs now, or false if it must ``awaitTurn(_:)``.
    func claimTurn(_ id: TaskID) -> Bool {
        unpark(id)
        guard ordersWakes else { return true }
        guard running != nil || runQueue.first != id else {
            runQueue.removeFirst()
            running = id
            return true
        }
        return false
    }

    /// Suspends the task `id`, which ``claimTurn(_:)`` did not admit, until ``admitNext()`` does.
    func awaitTurn(_ id: TaskID) async {
        await withCheckedContinuation { turnWaiters[id] = $0 }
    }

    private func admitNext() {
        running = nil
        guard let next = runQueue.first, let waiter = turnWaiters.removeValue(forKey: next) else { return }
        runQueue.removeFirst()
        running = next
        waiter.resume()
    }
}

/// The identity of one tracked task and the tracker that counts it. A `Sendable` value; the
/// tracker reference is only used on the main actor.
public struct TrackedTask: Sendable {
    /// The tracked task the current code runs in (``WorkTracker/currentTask``): a task-local
    /// value, bound by ``TaskScope`` around the creation of each task it starts.
    @TaskLocal static var current: TrackedTask?

    /// The task's identity within its tracker.
    public let id: WorkTracker.TaskID
    /// The tracker that counts the task (main-actor isolated, hence `Sendable`).
    public let tracker: WorkTracker
    /// The name of the scope that started the task, and the task's own label.
    let scope: String
    let name: String

    /// The task's label as reports show it (`scene S1: load note`); readable from any isolation,
    /// after the task finished too.
    public var label: String { "\(scope): \(name)" }
}
