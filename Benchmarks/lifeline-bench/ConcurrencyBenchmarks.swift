import Foundation
import LifecycleSimulator
import SimulatorExample

/// The cost of writing an app's work the ordinary way under the simulator (issue 31):
/// `simulator.concurrency-overhead` runs the example app with its work written with `Task {}`,
/// `async let`, a task group, an actor, an `AsyncStream`, a continuation, a dispatch scheduler and
/// sleeps on an injected `Clock` (the value) and with the same work through `scope.task` and the
/// `LifelineClock` (the baseline), in alternating rounds of the same run: CPU microseconds per
/// fifty-event schedule (final check included), every planted bug off. The ratio is the overhead
/// (goal: at most 1.3); the schedules per CPU second of each are printed to standard error.
enum ConcurrencyBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "simulator.concurrency-overhead") {
            let ordinary = simulator(.ordinary)
            let scoped = simulator(.scoped)
            for seed in 0..<20 as Range<UInt64> {
                _ = await ordinary.run(seed: seed)
                _ = await scoped.run(seed: seed)
            }
            var values: [Double] = []
            var baselines: [Double] = []
            for round in 0..<5 {
                let seeds = UInt64(1_000 + round * 200)..<UInt64(1_200 + round * 200)
                baselines.append(try await cpuMicrosecondsPerSchedule(scoped, seeds: seeds))
                values.append(try await cpuMicrosecondsPerSchedule(ordinary, seeds: seeds))
            }
            let value = Measure.median(values)
            let baseline = Measure.median(baselines)
            FileHandle.standardError.write(Data(
                "simulator.concurrency-overhead: ordinary \(Int(1e6 / value)), scoped \(Int(1e6 / baseline)) schedules per CPU second\n".utf8
            ))
            return BenchmarkResult(value: value, baseline: baseline, unit: "µs per schedule (CPU)")
        },
    ]

    /// A simulator of the example app written in `style`, keeping no trace text.
    @MainActor
    static func simulator(_ style: ExampleConcurrency) -> Simulator<LibraryExample> {
        var options = SimulationOptions()
        options.keepsTrace = false
        return Simulator(app: LibraryExample.app(concurrency: style), options: options)
    }

    /// CPU microseconds per fifty-event schedule over the random schedules of `seeds`.
    @MainActor
    static func cpuMicrosecondsPerSchedule(_ simulator: Simulator<LibraryExample>, seeds: Range<UInt64>) async throws -> Double {
        let start = SimulatorBenchmarks.processCPUSeconds()
        var events = 0
        for seed in seeds {
            let outcome = await simulator.run(seed: seed, depth: 50)
            guard outcome.passed else {
                throw SimulatorBenchmarks.BenchmarkFailure(description: "\(simulator.app.name) seed \(seed): \(outcome.violation?.description ?? "")")
            }
            events += outcome.events.count
        }
        let seconds = SimulatorBenchmarks.processCPUSeconds() - start
        return seconds * 1e6 / (Double(events) / 50)
    }
}
