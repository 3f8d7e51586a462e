import Foundation

/// One benchmark: a name that stays stable over time and a body that measures and reports.
struct Benchmark: Sendable {
    let name: String
    let run: @MainActor @Sendable () async throws -> BenchmarkResult
}

/// What a benchmark reports: its value, measured side by side with a baseline in the same run
/// (`nil` for a rate with no natural baseline).
struct BenchmarkResult: Sendable {
    var value: Double
    var baseline: Double?
    var unit: String
}

/// Runs benchmarks whose names contain the filter and prints one JSON line each.
struct BenchmarkRunner {
    let filter: String?

    @MainActor
    func run(_ benchmarks: [Benchmark]) async {
        for benchmark in benchmarks where filter.map({ benchmark.name.contains($0) }) ?? true {
            do {
                let result = try await benchmark.run()
                print(Self.json(name: benchmark.name, result: result))
            } catch {
                print(#"{"benchmark": "\#(benchmark.name)", "error": "\#(error)"}"#)
            }
        }
    }

    static func json(name: String, result: BenchmarkResult) -> String {
        func number(_ value: Double?) -> String {
            guard let value, value.isFinite else { return "null" }
            return String(format: "%.6g", value)
        }
        let ratio = result.baseline.map { result.value / $0 }
        return #"{"benchmark": "\#(name)", "value": \#(number(result.value)), "baseline": \#(number(result.baseline)), "ratio": \#(number(ratio)), "unit": "\#(result.unit)"}"#
    }
}

/// Timing helpers: run two closures interleaved in rounds and keep each one's median, so that
/// noise from a shared machine hits both alike.
enum Measure {
    /// Nanoseconds per iteration of `body`, median over `rounds` rounds of `iterations` calls.
    static func nanosecondsPerIteration(iterations: Int, body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<iterations { try body() }
        let elapsed = start.duration(to: clock.now)
        let (seconds, attoseconds) = elapsed.components
        return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(iterations)
    }

    /// Medians of `value` and `baseline` (ns per iteration) measured alternately over `rounds`.
    static func sideBySide(
        rounds: Int = 15, iterations: Int, value: () throws -> Void, baseline: () throws -> Void
    ) rethrows -> (value: Double, baseline: Double) {
        var values: [Double] = []
        var baselines: [Double] = []
        for _ in 0..<rounds {
            baselines.append(try nanosecondsPerIteration(iterations: iterations, body: baseline))
            values.append(try nanosecondsPerIteration(iterations: iterations, body: value))
        }
        return (median(values), median(baselines))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[sorted.count / 2]
    }
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
