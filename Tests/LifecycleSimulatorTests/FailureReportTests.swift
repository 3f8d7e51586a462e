import Foundation
import LifecycleSimulator
import SimulatorExample
import Testing

@Suite("FailureReport")
@MainActor
struct FailureReportTests {
    func report() async throws -> FailureReport {
        let simulator = Simulator(app: LibraryExample.app(bugs: [.tokenInPreferences]))
        let summary = await Explorer(simulator: simulator).explore(seed: 1, schedules: 100)
        return try #require(summary.failure)
    }

    @Test("the snippet replays the shrunk schedule in Swift")
    func snippet() async throws {
        let failure = try await report()
        #expect(failure.swiftSnippet.hasPrefix("let events: [SimulationEvent] = ["))
        #expect(failure.swiftSnippet.contains(".userAction(name: \"sign in\", scene: 1, seed: 0)"))
        #expect(failure.swiftSnippet.contains("simulator.replay(events, seed: \(failure.seed))"))
    }

    @Test("the repro file round-trips and is the same bytes every time")
    func reproRoundTrip() async throws {
        let failure = try await report()
        let data = try failure.repro.encoded()
        #expect(try Repro.load(from: data) == failure.repro)
        #expect(try failure.repro.encoded() == data)
        #expect(String(decoding: data, as: UTF8.self).contains("\"secret leak\""))
    }

    @Test("a repro that is not JSON is refused")
    func badReproRefused() {
        #expect(throws: (any Error).self) { try Repro.load(from: Data("not json".utf8)) }
    }

    @Test("the timeline has a lane per scene and per store, named in its legend or, wide, in its header")
    func timelineLanes() async throws {
        let failure = try await report()
        let legend = failure.timeline.split(separator: "\n").prefix { !$0.isEmpty }.joined(separator: " ")
        #expect(legend.contains("S1 scene"))
        #expect(legend.contains("/Library/Preferences"))
        #expect(legend.contains("/Keychain"))
        let header = try #require(failure.timeline(layout: .wide).split(separator: "\n").first)
        #expect(header.contains("scene S1"))
        #expect(header.contains("disk /Library/Preferences"))
        #expect(header.contains("disk /Keychain"))
        #expect(failure.text.contains("secret leak"))
        #expect(failure.text(timeline: .wide).contains(String(header)))
    }
}
