@testable import LifecycleSimulator
import Testing

@Suite("SimulationRandom")
struct SimulationRandomTests {
    @Test("the same seed draws the same sequence and records it")
    func sameSeedSameDraws() {
        var first = SimulationRandom(seed: 7)
        var second = SimulationRandom(seed: 7)
        let a = (0..<50).map { _ in first.next() }
        let b = (0..<50).map { _ in second.next() }
        #expect(a == b)
        #expect(first.draws == a)
        #expect(first.drawCount == 50)
        #expect(first.digest == second.digest)
    }

    @Test("different seeds draw different sequences")
    func differentSeeds() {
        var first = SimulationRandom(seed: 1)
        var second = SimulationRandom(seed: 2)
        #expect((0..<4).map { _ in first.next() } != (0..<4).map { _ in second.next() })
    }

    @Test("bounded draws stay in range and reach every value")
    func boundedDraws() {
        var random = SimulationRandom(seed: 3)
        var seen = Set<Int>()
        for _ in 0..<1_000 {
            let value = random.int(below: 7)
            #expect((0..<7).contains(value))
            seen.insert(value)
        }
        #expect(seen.count == 7)
        #expect((0..<200).allSatisfy { _ in (3...5).contains(random.int(in: 3...5)) })
    }

    @Test("weighted picks never choose a zero weight")
    func weightedPick() {
        var random = SimulationRandom(seed: 4)
        for _ in 0..<500 { #expect(random.weightedIndex([0, 3, 0, 1]) != 0) }
    }

    @Test("derived seeds differ by index and are stable")
    func derivedSeeds() {
        #expect(SimulationRandom.derive(9, 0) != SimulationRandom.derive(9, 1))
        #expect(SimulationRandom.derive(9, 5) == SimulationRandom.derive(9, 5))
    }

    @Test("draws and digest replayed from the seed are those of the values drawn")
    func replayedDraws() {
        var random = SimulationRandom(seed: 11)
        let drawn = (0..<40).map { _ in random.next() }
        var digest = FNV1a64()
        for value in drawn { digest.combine(value) }
        #expect(random.draws == drawn)
        #expect(random.digest == digest)
        _ = random.int(below: 3)
        #expect(random.drawCount > 40)
        #expect(Array(random.draws.prefix(40)) == drawn)
    }

    @Test("a number's decimal digits hash like its text")
    func decimalDigest() {
        for number in [0, 7, 10, 99, 100, 12_345, -1, -408, Int.max, Int.min] {
            var hash = FNV1a64("#")
            hash.combine(decimal: number)
            #expect(hash == FNV1a64("#\(number)"))
        }
    }

    @Test("FNV-1a 64 matches the reference values")
    func fnvReference() {
        #expect(FNV1a64("").hex == "cbf29ce484222325")
        #expect(FNV1a64("a").hex == "af63dc4c8601ec8c")
        #expect(FNV1a64("foobar").hex == "85944171f73967e8")
    }
}
