import Foundation

/// How to start a worker process: the executable, its arguments and its environment. The
/// `lifecycle-check` command starts itself with `--worker`; `expectNoLifecycleViolations`
/// starts the test binary on the running test (see <doc:Search>). A `Sendable` value.
package struct WorkerLaunch: Sendable {
    package var executable: URL
    package var arguments: [String]
    /// Added to the parent's environment.
    package var environment: [String: String]
    /// Whether the Swift runtime's backtracer runs when the worker traps, so that the trap names
    /// the app's frame. It takes about a second of symbolication (debug build); the workers whose
    /// trap only needs noticing (a slice's, a shrinking candidate's) run without it.
    package var backtraces = true

    package init(executable: URL, arguments: [String], environment: [String: String] = [:]) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }

    /// This launch with the backtracer on or off.
    package func backtracing(_ on: Bool) -> WorkerLaunch {
        var copy = self
        copy.backtraces = on
        return copy
    }

    /// The environment of a worker: the parent's, with `environment` and the Swift runtime's
    /// backtracer on or off (``backtraces``), without colour or interaction.
    var processEnvironment: [String: String] {
        var result = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        result["SWIFT_BACKTRACE"] = backtraces
            ? "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none" : "enable=no"
        return result
    }
}

/// A worker process that failed as no app trap does: it could not start, or it ended without a
/// signal before it answered. A typed error; the worker has ended when it is thrown.
package struct WorkerError: Error, CustomStringConvertible {
    package var description: String

    package init(description: String) {
        self.description = description
    }
}
