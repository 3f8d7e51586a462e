import Foundation
import LifecycleSimulator
import SimulatorExample

/// The snippets of `LifecycleSimulator.docc/FromInvariantToRepro.md`, compiled by `swift build`:
/// search the example app with a planted bug, read the shrunk failure, replay its repro against
/// the fixed app. Main actor, like the simulator.
@MainActor
enum SimulatorSnippets {
    /// Runs the walk-through; returns whether the repro passes once the bug is fixed.
    static func firstInvariantToRepro() async throws -> Bool {
        let app = LibraryExample.app(bugs: [.noFlushOnInactive])
        let explorer = Explorer(simulator: Simulator(app: app))
        let summary = await explorer.explore(seed: 1, schedules: 2_000)
        guard let failure = summary.failure else { return true }
        print("\(failure.violation.kind): \(failure.originalEventCount) events shrunk to \(failure.events.count)")
        print(failure.text)  // violation, seed, Swift snippet, timeline
        let repro = try Repro.load(from: try failure.repro.encoded())
        let outcome = try await Simulator(app: LibraryExample.app()).replay(repro)  // the bug fixed
        return outcome.passed
    }
}
