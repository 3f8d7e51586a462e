import Foundation

/// `simulator.parallel-speedup` (issue 16): how much faster `lifecycle-check --jobs 2` explores
/// than `--jobs 1`, with the same combined trace hash. It starts the built `lifecycle-check`
/// (beside `lifeline-bench` in the build directory: `swift build -c release` builds both, as
/// `make bench` does) on Campus Library's default search, 1,000 fifty-event schedules of seed 1,
/// `--jobs 1` and `--jobs 2` alternated over three rounds, and times each whole command from
/// outside (process starts, workers and merge included). The value is the median schedules per
/// wall-clock second with two workers, the baseline the same with one: their ratio is the
/// speed-up. The load average before and after goes to standard error: on a machine shared with
/// other work, the second core is not free and the ratio drops.
enum ParallelBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "simulator.parallel-speedup") {
            try await measure(arguments: ["--app", "campus", "--schedules", "1000"], schedules: 1_000)
        }
    ]

    struct ParallelBenchmarkFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The command beside this executable.
    static func lifecycleCheck() throws -> URL {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let url = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("lifecycle-check")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw ParallelBenchmarkFailure(description: "no lifecycle-check at \(url.path): run `swift build -c release` first")
        }
        return url
    }

    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown"
    }

    @MainActor
    static func measure(arguments: [String], schedules: Int, rounds: Int = 3) async throws -> BenchmarkResult {
        let executable = try lifecycleCheck()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-speedup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        FileHandle.standardError.write(Data("simulator.parallel-speedup: load average before \(loadAverage())\n".utf8))
        var rates: [Int: [Double]] = [1: [], 2: []]
        var hashes: Set<String> = []
        for round in 0..<rounds {
            for jobs in [1, 2] {
                let summary = directory.appendingPathComponent("\(round)-\(jobs).json")
                let process = Process()
                process.executableURL = executable
                process.arguments = arguments + ["--jobs", "\(jobs)", "--json", summary.path]
                process.standardOutput = FileHandle.nullDevice
                let started = ContinuousClock.now
                try process.run()
                process.waitUntilExit()
                let elapsed = started.duration(to: .now)
                guard process.terminationStatus == 0 else {
                    throw ParallelBenchmarkFailure(description: "lifecycle-check --jobs \(jobs) exited with \(process.terminationStatus)")
                }
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                rates[jobs, default: []].append(Double(schedules) / seconds)
                let object = try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as? [String: Any]
                hashes.insert(object?["combinedTraceHash"] as? String ?? "none")
            }
        }
        FileHandle.standardError.write(Data("simulator.parallel-speedup: load average after \(loadAverage()); per wall-clock second --jobs 1 \(rates[1] ?? []), --jobs 2 \(rates[2] ?? []); combined trace hash \(hashes.sorted())\n".utf8))
        guard hashes.count == 1 else {
            throw ParallelBenchmarkFailure(description: "the combined trace hashes differ: \(hashes.sorted())")
        }
        return BenchmarkResult(
            value: Measure.median(rates[2] ?? []), baseline: Measure.median(rates[1] ?? []), unit: "schedules per wall second (--jobs 2; baseline --jobs 1)"
        )
    }
}
