@testable import LifecycleCheck
import Testing

/// How `--jobs N` cuts a round's schedules into the workers' parts: in order, every schedule
/// once, the first part lighter while the round still discovers the crash sites.
@Suite("Parallel parts")
struct ParallelPartsTests {
    @Test("Parts cover the schedules in order, each once", arguments: [(0..<1_000, 2), (500..<10_500, 3), (7..<151, 2), (0..<96, 2)])
    func partsCoverTheRange(_ range: Range<Int>, workers: Int) {
        for discovering in [false, true] {
            let parts = ParallelExplorer.parts(of: range, workers: workers, discovering: discovering)
            #expect(parts.count == workers)
            #expect(parts.first?.lowerBound == range.lowerBound)
            #expect(parts.last?.upperBound == range.upperBound)
            #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            #expect(parts.allSatisfy { !$0.isEmpty })
        }
    }

    @Test("A discovering round gives its first part fewer schedules, at most two thirds of an equal share less")
    func discoveringRoundLightensTheFirstPart() {
        let even = ParallelExplorer.parts(of: 0..<1_000, workers: 2, discovering: false)
        #expect(even.map(\.count) == [500, 500])
        let discovering = ParallelExplorer.parts(of: 0..<1_000, workers: 2, discovering: true)
        #expect(discovering.map(\.count) == [340, 660])
        let small = ParallelExplorer.parts(of: 0..<150, workers: 3, discovering: true)
        #expect(small.map(\.count) == [39, 56, 55])
        let large = ParallelExplorer.parts(of: 0..<10_000, workers: 2, discovering: true)
        #expect(large.map(\.count) == [4_840, 5_160])
    }
}
