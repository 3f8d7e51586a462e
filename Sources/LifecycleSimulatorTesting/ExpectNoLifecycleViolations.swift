import Foundation
import LifecycleSimulator
import Testing

/// Explores `app` on the lifecycle simulator inside a Swift Testing test and records an issue
/// for the first violation found: the violation, the shrunk schedule as a Swift replay snippet,
/// its timeline, and the repro file it wrote.
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
/// `mode` and the simulation `options`; bugs are planted through the app value itself.
/// `timeBudget` stops starting schedules once that much real time has passed (a failure found by
/// then is still shrunk), so a test can bound its time on a slow machine; how many schedules ran
/// is in the summary it returns.
///
/// The repro file goes to `$LIFECYCLE_REPRO_DIR` if set, else to `.build/lifecycle-repros/` of
/// the package holding the test; it is also recorded as a test attachment (kept by
/// `swift test --attachments-path DIR`). Replay it as a regression test in one line with
/// ``expectReproPasses(_:in:options:sourceLocation:)``.
///
/// Runs on the main actor, as the simulator does; every process incarnation it launches is dead
/// and its tasks have unwound when it returns, so nothing of the app runs into another test.
/// Other tests on the main actor run between schedules (the search yields every 10 ms).
///
/// - Returns: what the search did (schedules run, the failure if any), for further checks.
@MainActor
@discardableResult
public func expectNoLifecycleViolations<Incarnation: AnyObject>(
    in app: SimulatedApp<Incarnation>,
    seed: UInt64 = 1,
    schedules: Int = 500,
    depth: Int = 50,
    mode: ExplorationMode = .mixed,
    timeBudget: Duration? = nil,
    options: SimulationOptions = SimulationOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) async -> ExplorationSummary {
    var explorer = Explorer(simulator: Simulator(app: app, options: options))
    explorer.timeBudget = timeBudget
    let summary: ExplorationSummary
    switch mode {
    case .mixed, .random:
        explorer.crashesAtDurableOperations = mode == .mixed
        summary = await explorer.explore(seed: seed, schedules: schedules, depth: depth)
    case .crash:
        let base = await explorer.simulator.run(seed: seed, depth: depth)
        summary = await explorer.crashEverywhere(base.events, seed: seed, limit: schedules)
    case .exhaustive:
        summary = await explorer.exhaustive(depth: depth, limit: schedules)
    }
    if let failure = summary.failure {
        ViolationIssue(failure: failure, summary: summary, search: "mode \(mode.rawValue), seed \(seed), depth \(depth)")
            .record(at: sourceLocation)
    }
    return summary
}
