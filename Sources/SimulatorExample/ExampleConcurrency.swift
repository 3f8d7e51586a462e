/// How the ``LibraryExample`` writes its asynchronous work: the same app either way, for the
/// simulator's tests and for the benchmark that compares the two.
public enum ExampleConcurrency: String, CaseIterable, Sendable {
    /// Swift concurrency as apps write it, and the default: `Task {}` handles kept and cancelled
    /// by their owners, `async let`, a task group, an actor, an `AsyncStream`, a checked
    /// continuation bridging a callback, sleeps on an injected `any Clock<Duration>`, callbacks
    /// through an injected `DispatchScheduler`.
    case ordinary
    /// Lifeline's scoped work: tasks started with `TaskScope.task`, which end with their scope,
    /// and sleeps on the `LifelineClock`.
    case scoped
}
