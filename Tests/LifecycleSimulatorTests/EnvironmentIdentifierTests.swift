import LifecycleSimulator
import Testing

/// An app that makes two identifiers from one source and one from another at every launch, and
/// names them in the trace.
@MainActor
final class IdentifierApp {
    init(environment: SimulationEnvironment) {
        let requests = environment.identifiers(prefix: "request")
        let records = environment.identifiers(prefix: "record")
        environment.trace("ids \(requests()) \(requests()) \(records())")
    }

    static var app: SimulatedApp<IdentifierApp> {
        SimulatedApp<IdentifierApp>(name: "IdentifierApp") { IdentifierApp(environment: $0) } observe: { _ in [] }
    }
}

/// The environment's identifiers: unique across a run's processes, counted per source, the same
/// on a replay.
@Suite("Environment identifiers")
@MainActor
struct EnvironmentIdentifierTests {
    @Test("each launch counts its own identifiers under its incarnation, and a replay makes the same ones")
    func perIncarnation() async throws {
        let simulator = Simulator(app: IdentifierApp.app)
        var found: ScheduleOutcome?
        for seed in 1...40 as ClosedRange<UInt64> where found == nil {
            let outcome = await simulator.run(seed: seed, depth: 30)
            if Self.lines(outcome).count >= 2 { found = outcome }
        }
        let outcome = try #require(found, "no schedule of 40 relaunched the app")
        let lines = Self.lines(outcome)
        for (index, line) in lines.enumerated() {
            let n = index + 1
            #expect(line == "ids request-\(n)-1 request-\(n)-2 record-\(n)-1")
        }
        #expect(Self.lines(try await simulator.replay(outcome.events, seed: outcome.seed)) == lines)
    }

    private static func lines(_ outcome: ScheduleOutcome) -> [String] {
        outcome.trace.filter { $0.lane == "app" && $0.text.hasPrefix("ids ") }.map(\.text)
    }
}
