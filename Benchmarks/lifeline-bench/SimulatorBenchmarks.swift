import CampusSimulation
import Foundation
import LifecycleSimulator
import SimulatorExample

/// Benchmarks of the Simulator area (issues 5 and 14): how fast the deterministic simulator
/// explores the example library app and Campus Library with every planted bug off, each schedule
/// with the latency model its seed draws (the default).
///
/// `simulator.schedules-per-second` (the example) and `simulator.campus-schedules-per-second` are
/// per core, as SIMULATION.md states the targets: fifty-event schedules (final check included)
/// per second of the process's CPU time, so that other work on a shared machine does not count
/// against it (the simulator runs on one thread; the wall-clock rate is printed to standard error
/// next to it). `simulator.time-ratio` is simulated time over wall-clock time (the example).
enum SimulatorBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "simulator.schedules-per-second") {
            let rounds = try await measureRounds(LibraryExample.app())
            return report("simulator.schedules-per-second", rounds)
        },
        Benchmark(name: "simulator.campus-schedules-per-second") {
            let rounds = try await measureRounds(CampusIncarnation.app, schedules: 200)
            return report("simulator.campus-schedules-per-second", rounds)
        },
        Benchmark(name: "simulator.time-ratio") {
            let rounds = try await measureRounds(LibraryExample.app())
            return BenchmarkResult(value: Measure.median(rounds.map(\.timeRatio)), baseline: nil, unit: "simulated/real")
        },
    ] + ConcurrencyBenchmarks.all

    /// The per-core rate of `rounds`, with the wall-clock rate on standard error.
    static func report(_ name: String, _ rounds: [Round]) -> BenchmarkResult {
        let wall = Measure.median(rounds.map(\.schedulesPerWallSecond))
        FileHandle.standardError.write(Data("\(name): \(Int(wall)) per wall-clock second\n".utf8))
        return BenchmarkResult(value: Measure.median(rounds.map(\.schedulesPerSecond)), baseline: nil, unit: "schedules/s per core")
    }

    struct Round {
        var schedulesPerSecond: Double
        var schedulesPerWallSecond: Double
        var timeRatio: Double
    }

    /// CPU time of the whole process, in seconds.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Fifty-event random schedules of `app` (final check included) in three rounds of
    /// `schedules`, after a warm-up.
    @MainActor
    static func measureRounds<Incarnation: AnyObject>(
        _ app: SimulatedApp<Incarnation>, rounds: Int = 3, schedules: Int = 400
    ) async throws -> [Round] {
        var options = SimulationOptions()
        options.keepsTrace = false
        let simulator = Simulator(app: app, options: options)
        for seed in 0..<20 as Range<UInt64> { _ = await simulator.run(seed: seed, depth: 50) }
        var results: [Round] = []
        for round in 0..<rounds {
            let clock = ContinuousClock()
            let start = clock.now
            let cpuStart = processCPUSeconds()
            var simulated: Int64 = 0
            var events = 0
            for index in 0..<schedules {
                let outcome = await simulator.run(seed: UInt64(round * schedules + index + 1_000), depth: 50)
                guard outcome.passed else { throw BenchmarkFailure(description: "\(outcome.violation?.description ?? "")") }
                simulated += outcome.simulatedMilliseconds
                events += outcome.events.count
            }
            let elapsed = start.duration(to: clock.now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let cpuSeconds = processCPUSeconds() - cpuStart
            let fiftyEventSchedules = Double(events) / 50
            results.append(Round(
                schedulesPerSecond: fiftyEventSchedules / cpuSeconds,
                schedulesPerWallSecond: fiftyEventSchedules / seconds,
                timeRatio: Double(simulated) / 1_000 / seconds
            ))
        }
        return results
    }

    struct BenchmarkFailure: Error, CustomStringConvertible {
        var description: String
    }
}
