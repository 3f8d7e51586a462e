import Foundation
import LifecycleSimulator
import Testing

/// Explores `app` on the lifecycle simulator inside a Swift Testing test and records one issue
/// per distinct bug found (`BugSignature`): the violation, how many
/// schedules hit it, the shrunk schedule as a Swift replay snippet, its timeline, and the repro
/// file it wrote.
///
/// ```swift
/// @Test("no lifecycle violation in 300 schedules")
/// func survivesTheLifecycle() async {
///     await expectNoLifecycleViolations(in: NotesApp.simulated(), schedules: 300)
/// }
///
/// @Test("a draft saved only on background is found")
/// func findsThePlantedBug() async {
///     await withKnownIssue {
///         await expectNoLifecycleViolations(in: NotesApp.simulated(bugs: [.draftSavedOnlyOnBackground]))
///     }
/// }
/// ```
///
/// The parameters are `lifecycle-check`'s options: `seed` (every schedule derives from it, so the
/// same seed explores the same schedules as `lifecycle-check --seed`), `schedules`, `depth`,
/// `mode`, `maxFailures` (`--max-failures`; `nil`, the default, reports every bug in the budget)
/// and the simulation `options` (`options.eventKindsLeftOut` is `--without`); bugs are planted,
/// and stores' promises declared (`SimulatedApp.promises`), through the app
/// value itself. `timeBudget` stops starting schedules once that much real time has passed (a
/// failure found by then is still shrunk), so a test can bound its time on a slow machine; how
/// many schedules ran is in the summary it returns.
///
/// The random search (`mode` `.mixed` or `.random`) runs in a child process of the test binary
/// by default (``ExplorationIsolation/childProcess``): the child runs the same test up to this
/// call and serves the search there, so a trap in the app is an `app crash` finding with its
/// message, the app's frame and a shrunk repro, and the test process goes on. The test's code
/// before this call runs again in the child: keep it cheap and free of side effects outside
/// the process. `.inProcess`, and the crash and exhaustive modes, run in the test process.
///
/// The repro files go to `$LIFECYCLE_REPRO_DIR` if set, else to `.build/lifecycle-repros/` of
/// the package holding the test; each is also recorded as a test attachment (kept by
/// `swift test --attachments-path DIR`). Replay one as a regression test in one line with
/// ``expectReproPasses(_:in:options:sourceLocation:)``.
///
/// Runs on the main actor, as the simulator does; every process incarnation it launches is dead
/// and its tasks have unwound when it returns, so nothing of the app runs into another test.
/// Other tests on the main actor run between schedules (the search yields every 10 ms).
///
/// - Returns: what the search did (schedules run, the bugs found), for further checks.
@MainActor
@discardableResult
public func expectNoLifecycleViolations<Incarnation: AnyObject>(
    in app: SimulatedApp<Incarnation>,
    seed: UInt64 = 1,
    schedules: Int = 500,
    depth: Int = 50,
    mode: ExplorationMode = .mixed,
    maxFailures: Int? = nil,
    isolation: ExplorationIsolation = .childProcess,
    timeBudget: Duration? = nil,
    options: SimulationOptions = SimulationOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) async -> ExplorationSummary {
    var explorer = Explorer(simulator: Simulator(app: app, options: options))
    explorer.timeBudget = timeBudget
    explorer.maxFailures = maxFailures
    if let served = TestWorker.servedSite {
        // A worker process: serve the parent's search if this is its call, else do nothing.
        guard served == TestWorker.site(sourceLocation) else { return ExplorationSummary(mode: "worker") }
        exit(await explorer.serveWorker())
    }
    let summary: ExplorationSummary
    switch mode {
    case .mixed, .random:
        explorer.crashesAtDurableOperations = mode == .mixed
        if isolation == .childProcess, let launch = TestWorker.launch(for: sourceLocation) {
            var isolated = IsolatedExplorer(explorer: explorer, launch: launch)
            do {
                summary = try await isolated.explore(seed: seed, range: 0..<max(0, schedules), depth: depth, from: ExplorationState()).summary
            } catch {
                Issue.record("The lifecycle exploration's worker process failed: \(error)", sourceLocation: sourceLocation)
                return ExplorationSummary(mode: explorer.modeName)
            }
        } else {
            summary = await explorer.explore(seed: seed, schedules: schedules, depth: depth)
        }
    case .crash:
        let base = await explorer.simulator.run(seed: seed, depth: depth)
        summary = await explorer.crashEverywhere(base.events, seed: seed, limit: schedules)
    case .exhaustive:
        summary = await explorer.exhaustive(depth: depth, limit: schedules)
    }
    let search = "mode \(mode.rawValue), seed \(seed), depth \(depth)"
    for bug in summary.bugs {
        ViolationIssue(bug: bug, summary: summary, search: search).record(at: sourceLocation)
    }
    return summary
}
