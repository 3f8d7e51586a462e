import Lifecycle
import LifelineTestSupport
import Testing

/// The application phase is SwiftUI's aggregate of the scenes' states, and the application phase
/// events are derived from its changes.
@Suite("ScenePhase aggregate and application phase events")
@MainActor
struct ApplicationPhaseTests {
    struct AggregateCase: Sendable, CustomTestStringConvertible {
        let states: [SceneState]
        let phase: ScenePhase
        var testDescription: String { "\(states.map(\.description)) → \(phase)" }
    }

    @Test("active if any scene is active, inactive if one is on screen, background otherwise", arguments: [
        AggregateCase(states: [], phase: .background),
        AggregateCase(states: [.unattached], phase: .background),
        AggregateCase(states: [.background], phase: .background),
        AggregateCase(states: [.background, .background], phase: .background),
        AggregateCase(states: [.foregroundInactive], phase: .inactive),
        AggregateCase(states: [.background, .foregroundInactive], phase: .inactive),
        AggregateCase(states: [.foregroundActive], phase: .active),
        AggregateCase(states: [.foregroundInactive, .foregroundActive], phase: .active),
        AggregateCase(states: [.foregroundActive, .background, .unattached], phase: .active),
    ])
    func aggregate(_ row: AggregateCase) {
        #expect(ScenePhase.aggregate(row.states) == row.phase)
    }

    @Test("each scene state maps to its SwiftUI phase")
    func scenePhases() {
        #expect(SceneState.allCases.map(\.phase) == [nil, .background, .inactive, .active])
        #expect(SceneState.allCases.map(\.isForeground) == [false, false, true, true])
    }

    @Test("application events follow the aggregate, not each scene")
    func eventsFollowAggregate() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        rig.observeApplication(as: "app")
        try rig.connect("A")
        try rig.connect("B")
        try rig.move("A", to: .foregroundActive)
        try rig.move("B", to: .foregroundActive)
        try rig.move("A", to: .background)
        try rig.move("B", to: .foregroundInactive)
        try rig.move("B", to: .background)
        let appEvents = rig.log.take().filter { $0.hasPrefix("app ") }
        #expect(appEvents == [
            "app willFinishLaunching", "app didFinishLaunching",
            "app willEnterForeground",  // A comes on screen; B joining changes nothing
            "app didBecomeActive",  // A active; B active changes nothing; A leaving changes nothing
            "app willResignActive",  // B inactive: no scene active
            "app didEnterBackground",  // B background: no scene on screen
        ])
        #expect(rig.runtime.applicationPhase == .background)
    }

    @Test("an active scene disconnecting while another stays inactive leaves the app inactive")
    func disconnectUpdatesAggregate() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        try rig.connect("B")
        try rig.move("A", to: .foregroundActive)
        rig.observeApplication(as: "app")
        rig.log.take()
        try rig.disconnect("A")
        #expect(rig.log.take().filter { $0.hasPrefix("app ") } == ["app willResignActive"])
        #expect(rig.runtime.applicationPhase == .inactive)
    }

    @Test("a jump of the aggregate is delivered as intermediate application events")
    func aggregateJump() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        rig.observeApplication(as: "app")
        rig.log.take()
        try rig.move("A", to: .foregroundActive)
        #expect(rig.log.take() == [
            "delegate[A] willEnterForeground", "app willEnterForeground",
            "delegate[A] didBecomeActive", "app didBecomeActive",
        ])
    }
}
