/// Benchmarks of the Campus area; see the issue that defines each name.
enum CampusBenchmarks {
    static let all: [Benchmark] = []
}
