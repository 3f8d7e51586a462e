/// Where ``expectNoLifecycleViolations(in:seed:schedules:depth:mode:maxFailures:isolation:timeBudget:options:sourceLocation:)``
/// runs the random search's schedules. A value, `Sendable`.
public enum ExplorationIsolation: String, Sendable, CaseIterable {
    /// In a child process of the test binary that runs the same test up to the same call and
    /// then serves the search (the default): a trap in the app (`fatalError`, an index out of
    /// range, a force unwrap of `nil`) is an `Violation.Kind.appCrash`
    /// finding with a shrunk repro, not the end of the test process. Outside a running Swift
    /// Testing test, in a parameterized test, or for the crash and exhaustive modes, the search
    /// runs in this process.
    case childProcess
    /// In the test process itself: no process to start, but a trap ends the test run.
    case inProcess
}
