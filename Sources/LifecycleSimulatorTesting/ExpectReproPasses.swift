import Foundation
import LifecycleSimulator
import Testing

/// Replays a repro file against `app` and records an issue if its violation (or any other)
/// happens again: a failure kept as a regression test, in one line.
///
/// ```swift
/// @Test("a draft typed before a kill survives")
/// func draftSurvivesKill() async throws {
///     try await expectReproPasses("Repros/lost-draft.json", in: NotesApp.simulated())
/// }
/// ```
///
/// `path` is absolute or relative to the directory of the test's source file. The schedule is
/// replayed with the file's seed and the final check, as `Simulator.replay(_:)` does; the app
/// value decides which bugs are planted (a repro found with a bug planted replays against the
/// fixed app). Runs on the main actor; nothing of the app runs after it returns.
///
/// - Throws: the file's read or decoding error, or `ReplayError` for an event of the file that
///   can no longer happen (an action renamed, a scene not connected there): the repro no longer
///   fits the app and must be found again. Nothing is recorded then besides the thrown error.
/// - Returns: the replay's outcome.
@MainActor
@discardableResult
public func expectReproPasses<Incarnation: AnyObject>(
    _ path: String,
    in app: SimulatedApp<Incarnation>,
    options: SimulationOptions = SimulationOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> ScheduleOutcome {
    let url = ReproDirectory.resolve(path, forTestAt: sourceLocation.filePath)
    let repro = try Repro.load(from: Data(contentsOf: url))
    let outcome = try await Simulator(app: app, options: options).replay(repro)
    if let violation = outcome.violation {
        let timeline = Timeline(records: outcome.trace, layout: .standard).render()
        let message = """
            The repro \(url.lastPathComponent) fails in \(app.name): \(violation)
            (it was found as: \(repro.violation))

            Timeline:
            \(timeline)
            """
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    return outcome
}
