import Foundation
import LifecycleSimulator
import Testing

/// The correct-app corpus: apps that save correctly, each in its own way, must pass the default
/// search, crashes inside every action's saves included. A finding here is a false positive of
/// the checks. With `LIFELINE_SIM_FULL=1`, 2,000 schedules on each of ten seeds; by default 40
/// on three.
@Suite("Correct-app corpus")
@MainActor
struct CorrectAppCorpusTests {
    static let isFull = ProcessInfo.processInfo.environment["LIFELINE_SIM_FULL"] == "1"
    static let seeds: ClosedRange<UInt64> = isFull ? 1...10 : 1...3
    static let schedules = isFull ? 2_000 : 40

    @Test("a correct app passes however it saves", arguments: CorrectNotesApp.Saving.allCases)
    func passes(_ saving: CorrectNotesApp.Saving) async {
        for seed in Self.seeds {
            let summary = await Explorer(simulator: Simulator(app: CorrectNotesApp.app(saving))).explore(seed: seed, schedules: Self.schedules)
            #expect(summary.failure == nil, "seed \(seed): \(summary.failure?.text ?? "")")
        }
    }
}
