import Foundation
import Lifecycle
import Testing

@Suite("SceneEvent")
struct SceneEventTests {
    @Test("each event moves exactly one step, up or down")
    func oneStep() {
        for event in SceneEvent.allCases {
            #expect(abs(event.source.rawValue - event.destination.rawValue) == 1)
            #expect(event.isUpward == (event.destination > event.source))
            #expect(SceneEvent.step(from: event.source, toward: event.destination) == event)
        }
    }

    @Test("the path between any two states is the sequence of intermediate events")
    func paths() {
        for from in SceneState.allCases {
            for to in SceneState.allCases {
                let path = SceneEvent.path(from: from, to: to)
                #expect(path.count == abs(from.rawValue - to.rawValue))
                var state = from
                for event in path {
                    #expect(event.source == state)
                    state = event.destination
                }
                #expect(state == to)
            }
        }
        #expect(SceneEvent.path(from: .unattached, to: .foregroundActive)
            == [.willConnect, .willEnterForeground, .didBecomeActive])
        #expect(SceneEvent.path(from: .foregroundActive, to: .unattached)
            == [.willResignActive, .didEnterBackground, .didDisconnect])
    }
}

@Suite("LifelineInstant")
struct LifelineInstantTests {
    @Test("arithmetic saturates instead of trapping on huge durations")
    func saturates() {
        let far = LifelineInstant.zero.advanced(by: .seconds(Int64.max)).advanced(by: .seconds(Int64.max))
        #expect(far.offset == LifelineInstant.maximumOffset)
        #expect(far.description.hasPrefix("t+"))
        let past = LifelineInstant.zero.advanced(by: .seconds(Int64.min)).advanced(by: .seconds(Int64.min))
        #expect(past.offset == .zero - LifelineInstant.maximumOffset)
        #expect(past.description.hasPrefix("t+-"))
        var instant = LifelineInstant(offset: .seconds(1))
        instant.offset = LifelineInstant.maximumOffset * 4
        #expect(instant.offset == LifelineInstant.maximumOffset)
        #expect(far.duration(to: past) < .zero)
    }

    @Test("describes itself in milliseconds")
    func description() {
        #expect(LifelineInstant.zero.advanced(by: .milliseconds(1_500)).description == "t+1500ms")
        #expect(LifelineInstant.zero.advanced(by: .seconds(-2)).description == "t+-2000ms")
    }
}

@Suite("LifecycleError")
struct LifecycleErrorTests {
    @Test("every error says what was refused")
    func descriptions() {
        let scene = SceneSessionID("S1")
        let errors: [LifecycleError] = [
            .illegalSceneTransition(scene: scene, event: "moveScene(unattached)", state: .background),
            .illegalProcessTransition(event: "terminate", state: .suspended),
            .unknownScene(scene, event: "disconnectScene"),
            .sceneAlreadyConnected(scene),
            .unregisteredBackgroundTask("refresh"),
            .duplicateBackgroundTaskRegistration("refresh"),
            .registrationAfterLaunch("refresh"),
            .backgroundTaskNotRunning("refresh"),
            .backgroundTaskAlreadyRunning("refresh"),
        ]
        for error in errors {
            #expect(error.description.contains("S1") || error.description.contains("refresh")
                || error.description.contains("terminate"))
        }
        #expect(errors[0].description == "Illegal scene transition: scene S1 cannot handle 'moveScene(unattached)' in state background.")
        #expect(errors[1].description == "Illegal process transition: 'terminate' is not allowed while the process is suspended.")
    }
}

@Suite("HostEvent")
struct HostEventTests {
    @Test("names and descriptions identify the event")
    func names() throws {
        let url = try #require(URL(string: "campuslibrary://book/1"))
        let id = SceneSessionID("A")
        #expect(HostEvent.moveScene(id, to: .background).name == "moveScene(background)")
        #expect(HostEvent.openURLs([url], in: id).description == "openURLs(campuslibrary://book/1, A)")
        #expect(HostEvent.discardSessions([id, SceneSessionID("B")]).description == "discardSessions(A,B)")
        #expect(HostEvent.suspend.description == "suspend")
        #expect(HostEvent.launch(LaunchOptions(reason: .silentPush)).description == "launch(silentPush)")
    }
}
