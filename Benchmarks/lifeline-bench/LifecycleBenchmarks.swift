import Lifecycle

/// Benchmarks of the Lifecycle area; see the issue that defines each name.
enum LifecycleBenchmarks {
    static let all: [Benchmark] = [
        Benchmark(name: "dispatch.100-observers") { try dispatchToObservers(count: 100) }
    ]

    /// Counts the calls the observers receive, so that neither side is optimised away.
    final class Counter {
        var value = 0
    }

    struct SceneMissing: Error, CustomStringConvertible {
        var description: String { "the benchmark scene did not connect" }
    }

    /// One scene transition (active ⇄ inactive, alternately) through `LifecycleRuntime.handle`
    /// with `count` observers on the scene, against `count` direct calls of the same closures.
    /// Value and baseline are nanoseconds per transition.
    @MainActor
    static func dispatchToObservers(count: Int) throws -> BenchmarkResult {
        let runtime = LifecycleRuntime(clock: VirtualClock())
        let id = SceneSessionID("bench")
        try runtime.handle(.launch(LaunchOptions()))
        try runtime.handle(.connectScene(SceneSession(id: id), .none, foreground: true))
        try runtime.handle(.moveScene(id, to: .foregroundActive))
        guard let scene = runtime.scenes[id] else { throw SceneMissing() }

        let counter = Counter()
        let handlers: [@MainActor (SceneEvent) -> Void] = (0..<count).map { index in
            { event in counter.value &+= event == .didBecomeActive ? index : 1 }
        }
        let observations = handlers.map { scene.addObserver($0) }

        var runtimeActive = true
        var directActive = true
        // Many short rounds (tens of microseconds each): on a loaded machine most of them run
        // without being descheduled, and the medians come from those.
        let (value, baseline) = try Measure.sideBySide(
            rounds: 401,
            iterations: 20,
            value: {
                try runtime.handle(.moveScene(id, to: runtimeActive ? .foregroundInactive : .foregroundActive))
                runtimeActive.toggle()
            },
            baseline: {
                let event: SceneEvent = directActive ? .willResignActive : .didBecomeActive
                if directActive {
                    for handler in handlers.reversed() { handler(event) }
                } else {
                    for handler in handlers { handler(event) }
                }
                directActive.toggle()
            }
        )
        blackHole(counter.value)
        for observation in observations { observation.cancel() }
        return BenchmarkResult(value: value, baseline: baseline, unit: "ns/transition")
    }
}
