import LifecycleSimulator
import Testing

/// An app that names its variant in the trace at every launch.
@MainActor
final class VariantApp {
    init(environment: SimulationEnvironment) {
        environment.trace("variant \(environment.variant ?? "none")")
    }

    static func app(variants: [String]) -> SimulatedApp<VariantApp> {
        var app = SimulatedApp<VariantApp>(name: "VariantApp") { VariantApp(environment: $0) } observe: { _ in [] }
        app.variants = variants
        return app
    }
}

/// An app's variants: each run uses the one its seed draws, every launch of the run sees it, a
/// replay with the seed gets it again, and the report names it.
@Suite("App variants")
@MainActor
struct AppVariantTests {
    @Test("each run draws one variant from its seed, and every launch of the run, its replay included, sees it")
    func drawnFromSeed() async throws {
        let simulator = Simulator(app: VariantApp.app(variants: ["bundled", "remote", "mirror"]))
        var seen = Set<String>()
        for seed in 1...30 as ClosedRange<UInt64> {
            let outcome = await simulator.run(seed: seed, depth: 20)
            let variant = try #require(outcome.variant)
            seen.insert(variant)
            let launches = outcome.trace.filter { $0.lane == "app" && $0.text.hasPrefix("variant ") }.map(\.text)
            #expect(!launches.isEmpty && launches.allSatisfy { $0 == "variant \(variant)" }, "seed \(seed): \(launches)")
            #expect(await simulator.run(seed: seed, depth: 20).variant == variant)
            #expect(try await simulator.replay(outcome.events, seed: seed).variant == variant)
        }
        #expect(seen == ["bundled", "remote", "mirror"])
    }

    @Test("an app without variants runs in one configuration, named nil")
    func none() async {
        let outcome = await Simulator(app: VariantApp.app(variants: [])).run(seed: 3, depth: 10)
        #expect(outcome.variant == nil)
        #expect(outcome.trace.contains { $0.lane == "app" && $0.text == "variant none" })
    }
}
