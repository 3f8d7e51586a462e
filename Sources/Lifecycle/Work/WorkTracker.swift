import Foundation

/// Counts the app's asynchronous work so that a host knows exactly when the app is quiescent.
///
/// Every task started through a ``TaskScope`` is *live* until it returns. A live task that waits at
/// a suspension point Lifeline owns (a ``LifelineClock`` sleep, a simulated I/O call, the phase
/// sequence) is *parked*. When every live task is parked, nothing in the app can run until the
/// host delivers an event or advances time: the simulator uses this instead of yielding and
/// hoping. A live task that is neither running nor parked waits on something outside Lifeline;
/// the simulator reports it by its label.
///
/// One tracker per process incarnation, created by the host and shared by the runtime, its scopes
/// and its clock. Lives on the main actor.
@MainActor
public final class WorkTracker {
    /// Identity of a tracked task, unique within one tracker.
    public typealias TaskID = Int

    /// The tracked task the current code runs in, if any.
    @TaskLocal public static var currentTask: TrackedTask?

    /// Live tracked tasks by identity, with their labels.
    public private(set) var liveTasks: [TaskID: String] = [:]
    /// The subset of ``liveTasks`` parked at a Lifeline-owned suspension point.
    public private(set) var parkedTasks: Set<TaskID> = []
    /// Incremented on every start, finish, park and unpark; a host compares it to notice progress.
    public private(set) var generation = 0
    private var nextID = 0

    /// Creates an empty tracker.
    public init() {}

    /// Whether every live task is parked (true when there are none).
    public var isQuiescent: Bool { parkedTasks.count == liveTasks.count }

    /// Labels of live tasks that are not parked, sorted, for reports.
    public var unparkedLabels: [String] {
        liveTasks.filter { !parkedTasks.contains($0.key) }.sorted { $0.key < $1.key }.map(\.value)
    }

    func start(label: String) -> TrackedTask {
        nextID += 1
        liveTasks[nextID] = label
        generation += 1
        return TrackedTask(id: nextID, tracker: self)
    }

    func finish(_ id: TaskID) {
        liveTasks[id] = nil
        parkedTasks.remove(id)
        generation += 1
    }

    /// Marks the current tracked task, if any, parked at a Lifeline-owned suspension point while
    /// `body` suspends, in whichever tracker counts it.
    public static func parkCurrentTask<T>(_ body: () async throws -> T) async rethrows -> T {
        guard let task = currentTask else { return try await body() }
        return try await task.tracker.parked(body)
    }

    /// Marks the current tracked task (if any) parked while `body` suspends.
    ///
    /// Lifeline-owned suspension points wrap their wait in this; code outside a tracked task runs
    /// `body` unchanged.
    public func parked<T>(_ body: () async throws -> T) async rethrows -> T {
        guard let task = WorkTracker.currentTask, task.tracker === self, liveTasks[task.id] != nil else {
            return try await body()
        }
        guard parkedTasks.insert(task.id).inserted else { return try await body() }
        generation += 1
        defer {
            if parkedTasks.remove(task.id) != nil { generation += 1 }
        }
        let id = task.id
        return try await withTaskCancellationHandler {
            try await body()
        } onCancel: { [weak self] in
            // Cancelling a task parked at a Lifeline point resumes it: count it runnable at once
            // when the cancellation comes from the main thread (scopes end there).
            guard Thread.isMainThread else { return }
            MainActor.assumeIsolated { self?.markRunnable(id) }
        }
    }

    /// Counts the parked task `id` as runnable again.
    ///
    /// A Lifeline-owned suspension point calls this on the main actor just before it resumes the
    /// task parked there (a clock waking a sleeper, a phase delivered to a waiting iterator), so
    /// that ``isQuiescent`` turns false at once rather than when the resumed task first runs.
    /// Does nothing if the task is not parked.
    public func markRunnable(_ id: TaskID) {
        if parkedTasks.remove(id) != nil { generation += 1 }
    }
}

/// The identity of one tracked task and the tracker that counts it. A `Sendable` value; the
/// tracker reference is only used on the main actor.
public struct TrackedTask: Sendable {
    /// The task's identity within its tracker.
    public let id: WorkTracker.TaskID
    /// The tracker that counts the task (main-actor isolated, hence `Sendable`).
    public let tracker: WorkTracker
}
