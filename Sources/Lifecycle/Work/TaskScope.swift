/// A lifetime for asynchronous work: the application, one scene, one screen or a "while at least"
/// window. Ending a scope cancels every task it started and ends its child scopes, newest first.
///
/// ```swift
/// scene.scope.task("load record") {
///     try await catalogue.book(id)
/// } apply: { result in
///     viewModel.record = LoadState(result)   // never runs if the scene disconnected
/// }
/// ```
///
/// The runtime creates and ends the application and scene scopes; screens create children of their
/// scene's scope. Lives on the main actor; tasks start on the main actor at once (running
/// synchronously until their first suspension), so their order is the order of the calls.
@MainActor
public final class TaskScope {
    /// A name for logs and reports, such as `scene 2F3A` or `screen BookRecord`.
    public let name: String
    /// False once ``end()`` (or ``abandon()``) was called; a task started after that is cancelled at
    /// once.
    public var isActive: Bool { !hasEnded }
    /// The storage behind ``isActive``.
    private var hasEnded = false

    private let tracker: WorkTracker
    /// The running tasks by identity, in increasing identity (start) order, so that cancelling
    /// newest first needs no sort.
    private var tasks: [(id: WorkTracker.TaskID, task: Task<Void, Never>)] = []
    private var children: [TaskScope] = []
    private var endHandlers: [@MainActor () -> Void] = []
    private weak var parent: TaskScope?

    /// Creates a root scope whose tasks are counted by `tracker`.
    public init(name: String, tracker: WorkTracker) {
        self.name = name
        self.tracker = tracker
    }

    /// Creates a scope that ends when this one ends (or earlier, by its own ``end()``).
    public func child(named name: String) -> TaskScope {
        let child = TaskScope(name: name, tracker: tracker)
        child.parent = self
        if isActive { children.append(child) } else { child.hasEnded = true }
        return child
    }

    /// Registers `handler` to run when the scope ends (handlers run newest first). Runs it at once if
    /// the scope has already ended.
    public func onEnd(_ handler: @escaping @MainActor () -> Void) {
        if isActive { endHandlers.append(handler) } else { handler() }
    }

    /// Starts `operation` as a task owned by this scope and returns its handle.
    ///
    /// The task starts at once on the main actor and runs synchronously until its first suspension.
    /// It is counted by the scope's ``WorkTracker`` until it returns. If the scope has already
    /// ended, `operation` never runs and the returned task is cancelled.
    @discardableResult
    public func task(_ label: String, _ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        guard isActive else { return Self.cancelledTask() }
        let tracked = tracker.start(scope: name, label: label)
        let id = tracked.id
        // The body holds the scope strongly: the reference ends with the task (a task's closure is
        // released when it returns), so it keeps no cycle.
        return launch(tracked) { [self, tracker] in
            await operation()
            forget(id)
            tracker.finish(id)
        }
    }

    /// Runs `produce` in a task owned by this scope and hands its result to `apply` only if the scope
    /// is still active and the task was not cancelled when it completes.
    ///
    /// This is the rule for results that may outlive their scene: a result that arrives after the
    /// scene disconnected is dropped, never applied to it. Cancellation errors are dropped too.
    @discardableResult
    public func task<Value>(
        _ label: String,
        produce: @escaping @MainActor () async throws -> Value,
        apply: @escaping @MainActor (Result<Value, any Error>) -> Void
    ) -> Task<Void, Never> {
        guard isActive else { return Self.cancelledTask() }
        let tracked = tracker.start(scope: name, label: label)
        let id = tracked.id
        // The task body of ``task(_:_:)`` with `produce` inside it; holds the scope strongly too.
        return launch(tracked) { [self, tracker] in
            let result: Result<Value, any Error>
            do { result = .success(try await produce()) } catch { result = .failure(error) }
            if isActive, !Task.isCancelled, !Self.isCancellation(result) { apply(result) }
            forget(id)
            tracker.finish(id)
        }
    }

    /// Whether `result` is a cancellation error, which ``task(_:produce:apply:)`` drops.
    private static func isCancellation<Value>(_ result: Result<Value, any Error>) -> Bool {
        if case .failure(let error) = result, error is CancellationError { return true }
        return false
    }

    /// The handle a scope that has ended returns: a task that does nothing, already cancelled.
    private static func cancelledTask() -> Task<Void, Never> {
        let task = Task<Void, Never> {}
        task.cancel()
        return task
    }

    /// Starts `body`, the task of `tracked`, at once on the main actor and keeps its handle while it
    /// runs. `body` ends by counting the task out (``WorkTracker/finish(_:)``).
    ///
    /// ``WorkTracker/currentTask`` is bound around the task's creation, with the synchronous
    /// `withValue`: an unstructured task copies the task-local values bound where it is created,
    /// so the task's body sees it from its first line.
    private func launch(_ tracked: TrackedTask, _ body: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let task = TrackedTask.$current.withValue(tracked) { Task.immediateIfPossible(body) }
        // A task that finished synchronously has already been counted out; keep only running ones.
        if tracker.isLive(tracked.id) { keep(task, id: tracked.id) }
        // The operation may have ended this scope before its first suspension.
        if !isActive { task.cancel() }
        return task
    }

    /// Ends the scope: runs end handlers and ends children newest first, then cancels every task.
    /// Calling it again does nothing.
    public func end() {
        guard isActive else { return }
        hasEnded = true
        for child in children.reversed() { child.end() }
        children.removeAll()
        for handler in endHandlers.reversed() { handler() }
        endHandlers.removeAll()
        cancelTasks()
        parent?.children.removeAll { $0 === self }
    }

    /// Ends the scope without running its end handlers: what a process kill does. Tasks are
    /// cancelled; no app callback runs.
    public func abandon() {
        guard isActive else { return }
        hasEnded = true
        for child in children.reversed() { child.abandon() }
        children.removeAll()
        endHandlers.removeAll()
        cancelTasks()
        parent?.children.removeAll { $0 === self }
    }

    /// Cancels every task, newest first. Cancellation wakes a task parked at a Lifeline-owned
    /// wait (they all end on cancellation), so each counts as runnable from now on.
    private func cancelTasks() {
        let running = tasks
        for entry in running.reversed() {
            entry.task.cancel()
            tracker.unpark(entry.id)
        }
    }

    /// Adds the running task `id` to ``tasks`` in identity order. Usually last; a task started during
    /// another's synchronous start (a newer identity) is kept before the older one's `launch` ends.
    private func keep(_ task: Task<Void, Never>, id: WorkTracker.TaskID) {
        var index = tasks.count
        while index > 0, tasks[index - 1].id > id { index -= 1 }
        tasks.insert((id: id, task: task), at: index)
    }

    /// Removes the finished task `id` from ``tasks``, if it is there.
    private func forget(_ id: WorkTracker.TaskID) {
        var index = 0
        while index < tasks.count {
            if tasks[index].id == id {
                tasks.remove(at: index)
                return
            }
            index += 1
        }
    }

    /// Number of tasks of this scope (not its children) that have not finished.
    public var runningTaskCount: Int { tasks.count }
}

extension Task where Success == Void, Failure == Never {
    /// Starts `operation` synchronously on the main actor until its first suspension where the
    /// platform has `Task.immediate`, else as an ordinary main-actor task.
    @MainActor
    @discardableResult
    static func immediateIfPossible(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return Task.immediate(operation: operation)
        } else {
            return Task(operation: operation)
        }
    }
}
