/// Benchmarks of the Composition area; see the issue that defines each name.
enum CompositionBenchmarks {
    static let all: [Benchmark] = []
}
