@testable import LifecycleSimulator
import SimulatorExample
import Testing

@Suite("Shrinker")
@MainActor
struct ShrinkerTests {
    @Test("a failing schedule padded with noise shrinks to the events that matter")
    func shrinksPaddedSchedule() async throws {
        let simulator = Simulator(app: LibraryExample.app(bugs: [.noFlushOnInactive]))
        let padded: [SimulationEvent] = [
            .launch(.user), .memoryWarning, .advance(milliseconds: 5_000), .silentPush,
            .connectScene(scene: 2, foreground: true, restoration: nil), .userAction(name: "select book", scene: 1, seed: 77),
            .userAction(name: "edit note", scene: 1, seed: 123), .memoryWarning, .enterBackground(scene: 2),
            .resignActive(scene: 1), .memoryWarning, .kill, .clockJump(hours: 5),
        ]
        let failing = try await simulator.replay(padded)
        #expect(failing.violation?.kind == .lostAcknowledgedEdit)
        let (shrunk, runs) = await Shrinker(simulator: simulator).shrink(failing)
        #expect(shrunk.violation?.kind == .lostAcknowledgedEdit)
        #expect(shrunk.events.count <= 6, "\(shrunk.events)")
        #expect(shrunk.events.contains(.userAction(name: "edit note", scene: 1, seed: 0)))
        #expect(runs > 0)
        let replay = try await simulator.replay(shrunk.events, seed: shrunk.seed)
        #expect(replay.skipped == 0)
        #expect(replay.violation?.kind == .lostAcknowledgedEdit)
    }

    @Test("simplifications are simpler and never the event itself")
    func simplificationsAreSimpler() {
        let events: [SimulationEvent] = [
            .advance(milliseconds: 5_000), .powerLoss(policy: .tornLastWrite, seed: 4),
            .userAction(name: "x", scene: 3, seed: 9), .connectScene(scene: 2, foreground: false, restoration: .truncated(keep: 3)),
            .serviceDown(service: "catalogue", failing: .noAnswer),
        ]
        for event in events {
            let variants = Shrinker<LibraryExample>.simplifications(of: event)
            #expect(!variants.isEmpty)
            #expect(!variants.contains(event))
        }
    }

    @Test("an outage shrinks towards friendlier failures, the friendliest first")
    func outageSimplifications() {
        #expect(Shrinker<LibraryExample>.simplifications(of: .serviceDown(service: "c", failing: .noAnswer))
            == [.serviceDown(service: "c", failing: .refused), .serviceDown(service: "c", failing: .serverError)])
        #expect(Shrinker<LibraryExample>.simplifications(of: .serviceDown(service: "c", failing: .refused)).isEmpty)
        #expect(Shrinker<LibraryExample>.simplifications(of: .serviceUp(service: "c")).isEmpty)
    }
}
