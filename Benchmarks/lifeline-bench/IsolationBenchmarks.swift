import Foundation

/// `simulator.isolation-overhead` (issue 33): what running the schedules in worker processes, so
/// that a trap in the app is a finding, costs against running them in the command's own
/// process. It starts the built `lifecycle-check` (beside `lifeline-bench`: `swift build -c
/// release` builds both) on the example app's default search, 1,000 fifty-event schedules of
/// seed 1, `--jobs 1` (one worker process at a time) and `--in-process` alternated over three
/// rounds, and measures each command's CPU time with its children's (the workers'). The value is
/// the median CPU milliseconds per schedule in workers, the baseline the same in-process: their
/// ratio is the overhead (goal ≤ 1.2). Both runs must give the same combined trace hash.
enum IsolationBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "simulator.isolation-overhead") {
            try await measure(arguments: ["--app", "example", "--schedules", "1000"], schedules: 1_000)
        }
    ]

    /// CPU seconds of the ended children of this process so far.
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    @MainActor
    static func measure(arguments: [String], schedules: Int, rounds: Int = 3) async throws -> BenchmarkResult {
        let executable = try ParallelBenchmarks.lifecycleCheck()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("isolation-overhead-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let modes: [(name: String, flags: [String])] = [("workers", ["--jobs", "1"]), ("in-process", ["--in-process"])]
        var costs: [String: [Double]] = [:]
        var hashes: Set<String> = []
        for round in 0..<rounds {
            for mode in modes {
                let summary = directory.appendingPathComponent("\(round)-\(mode.name).json")
                let process = Process()
                process.executableURL = executable
                process.arguments = arguments + mode.flags + ["--json", summary.path]
                process.standardOutput = FileHandle.nullDevice
                let before = childrenCPUSeconds()
                try process.run()
                process.waitUntilExit()
                let cpu = childrenCPUSeconds() - before
                guard process.terminationStatus == 0 else {
                    throw ParallelBenchmarks.ParallelBenchmarkFailure(description: "lifecycle-check \(mode.flags) exited with \(process.terminationStatus)")
                }
                costs[mode.name, default: []].append(cpu * 1_000 / Double(schedules))
                let object = try JSONSerialization.jsonObject(with: Data(contentsOf: summary)) as? [String: Any]
                hashes.insert(object?["combinedTraceHash"] as? String ?? "none")
            }
        }
        FileHandle.standardError.write(Data("simulator.isolation-overhead: CPU ms per schedule, workers \(costs["workers"] ?? []), in-process \(costs["in-process"] ?? []); combined trace hash \(hashes.sorted())\n".utf8))
        guard hashes.count == 1 else {
            throw ParallelBenchmarks.ParallelBenchmarkFailure(description: "the combined trace hashes differ: \(hashes.sorted())")
        }
        return BenchmarkResult(
            value: Measure.median(costs["workers"] ?? []), baseline: Measure.median(costs["in-process"] ?? []),
            unit: "CPU ms per schedule (--jobs 1 in workers; baseline --in-process)"
        )
    }
}
