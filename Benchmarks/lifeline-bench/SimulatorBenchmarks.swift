/// Benchmarks of the Simulator area; see the issue that defines each name.
enum SimulatorBenchmarks {
    static let all: [Benchmark] = []
}
