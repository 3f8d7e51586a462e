// lifeline-bench: prints one JSON object per benchmark. Usage: lifeline-bench [filter]
let filter = CommandLine.arguments.dropFirst().first
let all: [Benchmark] =
    LifecycleBenchmarks.all + DurableBenchmarks.all + CompositionBenchmarks.all
    + SimulatorBenchmarks.all + ParallelBenchmarks.all + IsolationBenchmarks.all + CampusBenchmarks.all + PasteBenchmarks.all
    + SQLiteBenchmarks.all
    + SQLiteSimulationBenchmarks.all
await BenchmarkRunner(filter: filter).run(all)
