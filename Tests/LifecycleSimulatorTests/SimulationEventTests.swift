import Foundation
import LifecycleSimulator
import Testing

@Suite("SimulationEvent")
struct SimulationEventTests {
    static let samples: [SimulationEvent] = [
        .launch(.user), .launch(.link(1)), .launch(.notification),
        .connectScene(scene: 2, foreground: false, restoration: .randomBytes(seed: 3, count: 9)),
        .connectScene(scene: 1, foreground: true, restoration: .app(index: 0, seed: 2)),
        .connectSceneWithLink(scene: 2, link: 1, asActivity: true),
        .disconnectScene(scene: 1), .discardSession(scene: 3), .activate(scene: 1), .resignActive(scene: 1),
        .enterBackground(scene: 1), .enterForeground(scene: 1), .openLink(scene: 1, link: 0),
        .userAction(name: "edit \"note\"", scene: 1, seed: 4), .suspend, .kill,
        .powerLoss(policy: .tornLastWrite, seed: 5), .crashDuringNextStep(atOperation: 2, death: .kill),
        .terminate, .memoryWarning, .grantBackgroundTask(identifier: "refresh"),
        .expireBackgroundTask(identifier: "refresh"), .expireExtraTime, .silentPush,
        .advance(milliseconds: 300), .clockJump(hours: 2), .corruptFile(seed: 6),
        .serviceDown(service: "remote catalogue", failing: .noAnswer), .serviceUp(service: "remote catalogue"),
        .diskFull, .diskFreed,
    ]

    @Test("every event survives a JSON round trip")
    func codableRoundTrip() throws {
        let data = try JSONEncoder().encode(Self.samples)
        #expect(try JSONDecoder().decode([SimulationEvent].self, from: data) == Self.samples)
    }

    @Test("every event renders as a Swift literal that starts with a case name")
    func swiftLiterals() {
        for event in Self.samples {
            #expect(event.swiftLiteral.hasPrefix("."))
            #expect(!event.description.isEmpty)
        }
        #expect(SimulationEvent.userAction(name: "edit \"note\"", scene: 1, seed: 4).swiftLiteral
            == #".userAction(name: "edit \"note\"", scene: 1, seed: 4)"#)
        #expect(SimulationEvent.serviceDown(service: "catalogue", failing: .serverError).swiftLiteral
            == #".serviceDown(service: "catalogue", failing: .serverError)"#)
        #expect(SimulationEvent.serviceDown(service: "catalogue", failing: .noAnswer).description == "serviceDown(catalogue, no answer)")
    }

    @Test("every kind but the essential ones can be switched off by a swarm configuration")
    func swarmKinds() {
        var random = SimulationRandom(seed: 12)
        let configuration = SwarmConfiguration.random(&random)
        for kind in EventKind.essential { #expect(configuration.weight(of: kind) > 0) }
        #expect(Set(Self.samples.map(\.kind)).count >= 20)
    }
}

@Suite("SwarmConfiguration")
struct SwarmConfigurationTests {
    @Test("weights read back by kind, and survive a JSON round trip")
    func weights() throws {
        let configuration = SwarmConfiguration(weights: [.kill: 3, .advance: 1])
        #expect(configuration.weight(of: .kill) == 3)
        #expect(configuration.weight(of: .suspend) == 0)
        let decoded = try JSONDecoder().decode(SwarmConfiguration.self, from: JSONEncoder().encode(configuration))
        #expect(decoded == configuration)
        #expect(decoded.weight(of: .kill) == 3)
        let every = SwarmConfiguration(weights: Dictionary(uniqueKeysWithValues: EventKind.allCases.enumerated().map { ($1, $0 + 1) }))
        for (position, kind) in EventKind.allCases.enumerated() { #expect(every.weight(of: kind) == position + 1) }
    }
}
