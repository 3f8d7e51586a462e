@testable import LifecycleSimulator
import Testing

@Suite("ScheduleGenerator")
@MainActor
struct ScheduleGeneratorTests {
    static let offers: [ScheduleGenerator.FixedEvent] = [
        .launch(.user), .launch(.link(0)), .launch(.notification),
        .connectSceneWithLink(scene: 1, link: 0, asActivity: true), .disconnectScene(scene: 1),
        .discardSession(scene: 2), .activate(scene: 1), .resignActive(scene: 1), .enterBackground(scene: 1),
        .enterForeground(scene: 1), .openLink(scene: 1, link: 0), .suspend, .kill, .terminate,
        .memoryWarning, .expireExtraTime, .silentPush, .grantBackgroundTask(identifier: 0),
        .expireBackgroundTask(identifier: 1),
    ]

    @Test("an offer's kind, read without building its event, is the kind of its event")
    func offerKinds() {
        for offer in Self.offers {
            #expect(offer.kind == offer.event(identifiers: ["refresh", "processing"]).kind)
        }
    }
}
