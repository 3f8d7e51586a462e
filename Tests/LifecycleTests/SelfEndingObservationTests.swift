import Lifecycle
import LifelineTestSupport
import Testing

/// Observers that end their own observation from inside a callback, with the handle they are
/// handed: during their own catch-up, during a pass, for scene and application observers alike.
@Suite("LifecycleObservation ended by its own observer")
@MainActor
struct SelfEndingObservationTests {
    private final class Token {}

    private func activeRig() throws -> LifecycleTestRig {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        try rig.move("A", to: .foregroundActive)
        rig.log.take()
        return rig
    }

    @Test("a scene observer that ends itself in willConnect during its catch-up hears nothing after and is gone")
    func sceneObserverEndsItselfDuringCatchUp() throws {
        let rig = try activeRig()
        defer { rig.end() }
        var token: Token? = Token()
        weak let held = token
        rig.scene("A")?.addObserver { [token] event, observation in
            _ = token
            rig.log.record("late[A] \(event)")
            if event == .willConnect { observation.cancel() }
        }
        token = nil
        #expect(rig.log.take() == ["late[A] willConnect"])
        #expect(held == nil)
        try rig.move("A", to: .background)
        #expect(rig.log.take() == [
            "delegate[A] willResignActive", "delegate[A] didEnterBackground", "delegate[A] restoration",
        ])
    }

    @Test("an application observer that ends itself in willFinishLaunching during its catch-up hears nothing after and is gone")
    func applicationObserverEndsItselfDuringCatchUp() throws {
        let rig = try activeRig()
        defer { rig.end() }
        var token: Token? = Token()
        weak let held = token
        rig.runtime.addApplicationObserver { [token] event, observation in
            _ = token
            rig.log.record("late \(event)")
            if event == .willFinishLaunching { observation.cancel() }
        }
        token = nil
        #expect(rig.log.take() == ["late willFinishLaunching"])
        #expect(held == nil)
        try rig.move("A", to: .background)
        try rig.runtime.handle(.memoryWarning)
        #expect(!rig.log.take().contains { $0.hasPrefix("late") })
    }

    @Test("the handler is handed the observation addObserver returns")
    func handedObservationIsTheReturnedOne() throws {
        let rig = try activeRig()
        defer { rig.end() }
        var handed: [LifecycleObservation] = []
        let returned = rig.scene("A")?.addObserver { _, observation in handed.append(observation) }
        var handedToApplicationObserver: [LifecycleObservation] = []
        let returnedForApplication = rig.runtime.addApplicationObserver { _, observation in
            handedToApplicationObserver.append(observation)
        }
        #expect(handed.count == 3)
        #expect(handed.allSatisfy { $0 === returned })
        #expect(handedToApplicationObserver.count == 4)
        #expect(handedToApplicationObserver.allSatisfy { $0 === returnedForApplication })
    }

    @Test("an observer that ends itself during a pass misses the rest of the move; the others hear all of it")
    func observerEndsItselfDuringPass() throws {
        let rig = try activeRig()
        defer { rig.end() }
        rig.observe("A", as: "o1")
        rig.scene("A")?.addObserver { event, observation in
            rig.log.record("quitter[A] \(event)")
            if event == .willResignActive { observation.cancel() }
        }
        rig.observeApplication(as: "a1")
        rig.runtime.addApplicationObserver { event, observation in
            rig.log.record("app quitter \(event)")
            if event == .willResignActive { observation.cancel() }
        }
        rig.log.take()
        try rig.move("A", to: .background)
        #expect(rig.log.take() == [
            "quitter[A] willResignActive", "o1[A] willResignActive", "delegate[A] willResignActive",
            "app quitter willResignActive", "a1 willResignActive",
            "o1[A] didEnterBackground", "delegate[A] didEnterBackground", "delegate[A] restoration",
            "a1 didEnterBackground",
        ])
    }

    @Test("an observer added during dispatch can end itself during its own, later, catch-up")
    func stragglerEndsItselfDuringCatchUp() throws {
        let rig = LifecycleTestRig()
        defer { rig.end() }
        try rig.launch()
        try rig.connect("A", foreground: false)
        rig.scene("A")?.addObserver { event in
            guard event == .willEnterForeground else { return }
            rig.scene("A")?.addObserver { event, observation in
                rig.log.record("new[A] \(event)")
                if event == .willConnect { observation.cancel() }
            }
        }
        rig.log.take()
        try rig.move("A", to: .foregroundActive)
        #expect(rig.log.take() == [
            "delegate[A] willEnterForeground", "new[A] willConnect", "delegate[A] didBecomeActive",
        ])
    }

    @Test("a handler that keeps its own observation is released when the scene disconnects or the process ends")
    func keptObservationIsReleasedOnClose() throws {
        let rig = try activeRig()
        defer { rig.end() }
        var sceneToken: Token? = Token()
        var applicationToken: Token? = Token()
        weak let sceneHeld = sceneToken
        weak let applicationHeld = applicationToken
        rig.scene("A")?.addObserver { [sceneToken] _, observation in _ = (sceneToken, observation) }
        rig.runtime.addApplicationObserver { [applicationToken] _, observation in _ = (applicationToken, observation) }
        sceneToken = nil
        applicationToken = nil
        #expect(sceneHeld != nil)
        #expect(applicationHeld != nil)
        try rig.disconnect("A")
        #expect(sceneHeld == nil)
        rig.runtime.markKilled()
        #expect(applicationHeld == nil)
    }

    @Test("an observer of two arguments added to a disconnected scene is never called")
    func disconnectedSceneIgnoresObserver() throws {
        let rig = try activeRig()
        defer { rig.end() }
        let scene = try #require(rig.scene("A"))
        try rig.disconnect("A")
        rig.log.take()
        let observation = scene.addObserver { event, _ in rig.log.record("after \(event)") }
        observation.cancel()
        #expect(rig.log.take().isEmpty)
    }
}
