import CampusLibrary
import CampusSimulation
import LifecycleSimulator
import Testing

/// Campus Library's real remote catalogue under the simulator: a window on a remote book,
/// relaunched while the Open Library service is down, keeps its book; the planted bug that reads
/// a lookup without an answer as "not found" drops it, and the explorer finds it.
@Suite("Campus Library during catalogue outages")
@MainActor
struct CampusOutageTests {
    static let invariant = Violation.Kind.app("restorable ids survive transient failures")

    /// Campus Library on the remote catalogue in every run, on an instant, lossless network.
    static func remoteOnly(bugs: Set<CampusBug>) -> Simulator<CampusIncarnation> {
        var options = SimulationOptions()
        options.latency = .fixed(.none)
        return Simulator(app: CampusIncarnation.app(bugs: bugs, variants: [CampusIncarnation.remoteCatalogue]), options: options)
    }

    /// A window on the remote book of link #6, saved in the background and killed; the service
    /// goes down (`outage`) and the app is relaunched into it, then left for longer than the
    /// catalogue's 10-second deadline.
    static func relaunchDuring(_ outage: ServiceOutage) -> [SimulationEvent] {
        [
            .launch(.user), .openLink(scene: 1, link: 6), .advance(milliseconds: 1_000), .enterBackground(scene: 1),
            .kill, .serviceDown(service: "open library", failing: outage), .launch(.user), .advance(milliseconds: 12_000),
        ]
    }

    @Test("relaunched while the catalogue refuses, fails or does not answer, the window keeps its remote book",
          arguments: ServiceOutage.allCases)
    func windowKeepsItsBook(_ outage: ServiceOutage) async throws {
        let fixed = try await Self.remoteOnly(bugs: []).replay(Self.relaunchDuring(outage))
        #expect(fixed.passed, "\(fixed.violation?.description ?? "")")
        #expect(fixed.trace.contains { $0.lane == "remote open library" && $0.text == "down: \(outage)" })
        let planted = try await Self.remoteOnly(bugs: [.timeoutMeansNotFound]).replay(Self.relaunchDuring(outage))
        #expect(planted.violation?.kind == Self.invariant)
        #expect(planted.violation?.description.contains("dropped OL1W from its selection, but the record exists") == true)
    }

    @Test("a window whose books wait for the catalogue while the app is in the background does not retry without end")
    func noRetryLoopInTheBackground() async throws {
        // Found by the explorer (schedule 3,841 of seed 1, shrunk): the remote catalogue refused
        // the launch's lookups, its backoff ended while the app was suspended, and the window's
        // retry, due at once, found the bundled catalogue closed in the background, and armed
        // itself for the same past moment again, without end.
        let events: [SimulationEvent] = [
            .launch(.user), .connectScene(scene: 3, foreground: true, restoration: nil),
            .crashDuringNextStep(atOperation: 1, death: .kill), .serviceDown(service: "open library", failing: .refused),
            .launch(.link(6)), .enterBackground(scene: 3), .advance(milliseconds: 5_000),
            .connectScene(scene: 1, foreground: true, restoration: nil),
        ]
        let outcome = try await Simulator(app: CampusIncarnation.app).replay(events, seed: 3_821_610_153_684_933_829)
        #expect(outcome.variant == CampusIncarnation.remoteCatalogue)
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
    }

    @Test("a lookup without an answer read as “not found” is found within 200 default-mode schedules on seed 1, shrunk, and the fixed app passes the same schedules")
    func findsTimeoutMeansNotFound() async throws {
        let planted = Simulator(app: CampusIncarnation.app(bugs: [.timeoutMeansNotFound]))
        let summary = await Explorer(simulator: planted).explore(seed: 1, schedules: 200)
        let failure = try #require(summary.failure, "not found in \(summary.schedules) schedules")
        #expect(failure.violation.kind == Self.invariant, "\(failure.violation)")
        #expect(failure.events.count <= 10, "\(failure.events)")
        #expect(failure.outcome.variant == CampusIncarnation.remoteCatalogue)
        #expect(failure.text.contains("variant \"remote catalogue\""))

        let fixed = Simulator(app: CampusIncarnation.app)
        let replayed = try await fixed.replay(failure.events, seed: failure.seed)
        #expect(replayed.passed, "\(replayed.violation?.description ?? "")")
        // The same random schedules (without the crash replays, which the bug does not need).
        var explorer = Explorer(simulator: fixed)
        explorer.crashesAtDurableOperations = false
        let same = await explorer.explore(seed: 1, schedules: summary.schedules)
        #expect(same.passed, "\(same.failure?.text ?? "")")
        #expect(same.schedules == summary.schedules)
    }
}
