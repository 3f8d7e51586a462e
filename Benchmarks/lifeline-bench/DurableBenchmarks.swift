/// Benchmarks of the Durable area; see the issue that defines each name.
enum DurableBenchmarks {
    static let all: [Benchmark] = []
}
