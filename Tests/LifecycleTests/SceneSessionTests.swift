import Foundation
import Lifecycle
import LifelineTestSupport
import Testing

/// Sessions outlive their scene objects; restoration payloads are collected on background and
/// before disconnect and handed to the next scene object of the session.
@Suite("LifecycleRuntime sessions and restoration")
@MainActor
struct SceneSessionTests {
    @Test("the session survives disconnect and a reconnection gets a new scene object with its payload")
    func reconnectGetsNewObjectAndPayload() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", payload: Data("host copy".utf8))
        let first = try #require(rig.scene("A"))
        #expect(first.session.restorationPayload == Data("host copy".utf8))
        rig.delegate("A")?.payload = Data("book 42".utf8)
        try rig.disconnect("A")
        #expect(first.isDisconnected)
        #expect(rig.runtime.sessions[SceneSessionID("A")]?.restorationPayload == Data("book 42".utf8))

        // The host hands back its stale copy; the runtime's newer payload wins.
        try rig.connect("A", payload: Data("host copy".utf8))
        let second = try #require(rig.scene("A"))
        #expect(second !== first)
        #expect(second.id == first.id)
        #expect(second.session.restorationPayload == Data("book 42".utf8))
        #expect(!first.scope.isActive)
        #expect(second.scope.isActive)
    }

    @Test("the payload is requested when the scene enters the background and again before it disconnects")
    func payloadRequestedOnBackgroundAndDisconnect() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        rig.delegate("A")?.payload = Data("draft 1".utf8)
        rig.log.take()
        try rig.move("A", to: .background)
        #expect(rig.log.take() == ["delegate[A] didEnterBackground", "delegate[A] restoration"])
        #expect(rig.runtime.sessions[SceneSessionID("A")]?.restorationPayload == Data("draft 1".utf8))
        #expect(rig.scene("A")?.session.restorationPayload == Data("draft 1".utf8))

        rig.delegate("A")?.payload = Data("draft 2".utf8)
        try rig.disconnect("A")
        #expect(rig.log.take() == ["delegate[A] restoration", "delegate[A] didDisconnect"])
        #expect(rig.runtime.sessions[SceneSessionID("A")]?.restorationPayload == Data("draft 2".utf8))
    }

    @Test("a new runtime (a relaunch) takes the payload from the host's session")
    func relaunchUsesHostPayload() throws {
        let first = LifecycleTestRig()
        try first.launch()
        try first.connect("A")
        first.delegate("A")?.payload = Data("saved".utf8)
        try first.move("A", to: .background)
        let saved = try #require(first.runtime.sessions[SceneSessionID("A")])
        try first.runtime.handle(.suspend)
        first.runtime.markKilled()

        let second = LifecycleTestRig()
        try second.launch()
        try second.runtime.handle(.connectScene(saved, .none, foreground: true))
        #expect(second.scene("A")?.session.restorationPayload == Data("saved".utf8))
    }

    @Test("a discarded session is forgotten; reconnecting it starts from the host's copy")
    func discardForgetsSession() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        rig.delegate("A")?.payload = Data("old".utf8)
        try rig.disconnect("A")
        try rig.runtime.handle(.discardSessions([SceneSessionID("A")]))
        #expect(rig.runtime.sessions[SceneSessionID("A")] == nil)
        try rig.connect("A")
        #expect(rig.scene("A")?.session.restorationPayload == nil)
    }

    @Test("discarding no sessions delivers nothing")
    func discardNothing() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        rig.log.take()
        try rig.runtime.handle(.discardSessions([]))
        #expect(rig.log.take().isEmpty)
    }

    @Test("several scenes have independent sessions, delegates and state machines")
    func independentScenes() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        try rig.connect("B")
        rig.log.take()
        try rig.move("B", to: .foregroundActive)
        try rig.move("A", to: .background)
        #expect(rig.log.take() == [
            "delegate[B] didBecomeActive", "delegate[A] didEnterBackground", "delegate[A] restoration",
        ])
        #expect(rig.runtime.connectedScenes.map(\.id.rawValue) == ["A", "B"])
        #expect(rig.runtime.connectedScenes.map(\.state) == [.background, .foregroundActive])
    }

    @Test("scene activation and destruction requests go to the host")
    func requestsGoToHost() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        rig.log.take()
        rig.runtime.requestSceneActivation()
        rig.runtime.requestSceneDestruction(SceneSessionID("A"))
        #expect(rig.log.take() == ["host requestSceneActivation", "host requestSceneDestruction(A)"])
    }
}
