/// Benchmarks of the Lifecycle area; see the issue that defines each name.
enum LifecycleBenchmarks {
    static let all: [Benchmark] = []
}
