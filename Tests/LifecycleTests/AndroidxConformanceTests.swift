import Lifecycle
import LifelineTestSupport
import Testing

/// androidx's `LifecycleRegistryTest` (lifecycle-runtime) and `CommonLifecycleRegistryTest`, case by
/// case, on a scene (see ``PortedScene`` for the mapping of states and events). Each test is named
/// after its androidx case. Where Lifeline agrees it asserts androidx's exact ordered log; where it
/// differs it asserts Lifeline's log, and a comment gives androidx's and the rule that makes the
/// difference. The LifecycleSemantics article lists every case.
@Suite("androidx LifecycleRegistry conformance")
@MainActor
struct AndroidxConformanceTests {
    // MARK: States and illegal events

    @Test("getCurrentState: the state follows each event, and a jump passes every intermediate event")
    func getCurrentState() throws {
        let port = try PortedScene()
        defer { port.end() }
        port.beforeConnect = { port.observe("o") }
        try port.create()
        try port.move(to: .foregroundActive)
        #expect(port.scene?.state == .foregroundActive)
        let scene = try #require(port.scene)
        try port.destroy()
        #expect(scene.state == .unattached)
        #expect(scene.isDisconnected)
        #expect(port.log.take() == [
            "o willConnect", "o willEnterForeground", "o didBecomeActive",
            "o willResignActive", "o didEnterBackground", "o didDisconnect",
        ])
    }

    @Test("moveInitializedToDestroyed: destroying a scene that never connected is refused")
    func moveInitializedToDestroyed() throws {
        let port = try PortedScene()
        defer { port.end() }
        // androidx throws IllegalStateException; Lifeline's error is typed and changes nothing.
        #expect(throws: LifecycleError.unknownScene(SceneSessionID("A"), event: "disconnectScene")) {
            try port.destroy()
        }
        #expect(port.log.take().isEmpty)
    }

    @Test("moveDestroyedToAny: a destroyed scene object never moves again")
    func moveDestroyedToAny() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.create()
        let destroyed = try #require(port.scene)
        try port.destroy()
        #expect(throws: LifecycleError.unknownScene(SceneSessionID("A"), event: "moveScene(background)")) {
            try port.move(to: .background)
        }
        // Connecting the session again makes a new scene object; the destroyed one stays destroyed.
        try port.create()
        #expect(port.scene !== destroyed)
        #expect(destroyed.isDisconnected)
        #expect(destroyed.state == .unattached)
    }

    // MARK: Adding and removing outside dispatch

    @Test("addRemove: the registry holds an observer until its observation is cancelled")
    func addRemove() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.create()
        final class Token {}
        var token: Token? = Token()
        weak let held = token
        let observation = port.scene?.addObserver { [token] _ in _ = token }
        token = nil
        #expect(held != nil)
        observation?.cancel()
        #expect(held == nil)
    }

    @Test("addAndObserve: each event is heard once; a repeated event is refused (differs: androidx ignores it)")
    func addAndObserve() throws {
        let port = try PortedScene()
        defer { port.end() }
        port.beforeConnect = { port.observe("o") }
        try port.create()
        #expect(port.log.take() == ["o willConnect"])
        // androidx ignores a second ON_CREATE; for Lifeline a host reporting the state the scene is
        // already in is an illegal transition, refused with a typed error.
        #expect(throws: LifecycleError.sceneAlreadyConnected(SceneSessionID("A"))) { try port.create() }
        #expect(throws: LifecycleError.illegalSceneTransition(
            scene: SceneSessionID("A"), event: "moveScene(background)", state: .background
        )) { try port.move(to: .background) }
        #expect(port.log.take().isEmpty)
        try port.move(to: .foregroundInactive)
        try port.move(to: .background)
        #expect(port.log.take() == ["o willEnterForeground", "o didEnterBackground"])
    }

    @Test("add2RemoveOne: a removed observer hears nothing more, the others carry on")
    func add2RemoveOne() throws {
        let port = try PortedScene()
        defer { port.end() }
        var second: LifecycleObservation?
        port.beforeConnect = {
            port.observe("o1")
            second = port.observe("o2")
            port.observe("o3")
        }
        try port.create()
        #expect(port.log.take() == ["o1 willConnect", "o2 willConnect", "o3 willConnect"])
        second?.cancel()
        try port.move(to: .foregroundInactive)
        #expect(port.log.take() == ["o1 willEnterForeground", "o3 willEnterForeground"])
    }

    @Test("sameObserverReAddition: a handler removed and added again hears each event once")
    func sameObserverReAddition() throws {
        let port = try PortedScene()
        defer { port.end() }
        port.beforeConnect = {
            let handler = port.recorder("o")
            port.scene?.addObserver(handler).cancel()
            port.scene?.addObserver(handler)
        }
        try port.create()
        #expect(port.log.take() == ["o willConnect"])
    }

    @Test("not an androidx case: a handler added twice is called twice (differs: androidx ignores the second addition)")
    func sameHandlerAddedTwice() throws {
        let port = try PortedScene()
        defer { port.end() }
        port.beforeConnect = {
            let handler = port.recorder("o")
            port.scene?.addObserver(handler)
            port.scene?.addObserver(handler)
        }
        try port.create()
        #expect(port.log.take() == ["o willConnect", "o willConnect"])
    }

    @Test("subscribeToDead: an observer added after destruction hears nothing")
    func subscribeToDead() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.create()
        let scene = try #require(port.scene)
        port.observe("o1")
        #expect(port.log.take() == ["o1 willConnect"])
        try port.destroy()
        #expect(port.log.take() == ["o1 didDisconnect"])
        scene.addObserver(port.recorder("o2"))
        #expect(port.log.take().isEmpty)
    }

    @Test("constructionOrder: a late observer is caught up with every event, in order")
    func constructionOrder() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.fullyInitialize()
        port.observe("o")
        #expect(port.log.take() == ["o willConnect", "o willEnterForeground", "o didBecomeActive"])
    }

    @Test("downEvents: downward events reach observers in reverse order of addition")
    func downEvents() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.fullyInitialize()
        port.observe("o1")
        port.observe("o2")
        port.log.take()
        try port.move(to: .foregroundInactive)
        #expect(port.log.take() == ["o2 willResignActive", "o1 willResignActive"])
        try port.move(to: .background)
        #expect(port.log.take() == ["o2 didEnterBackground", "o1 didEnterBackground"])
        try port.destroy()
        #expect(port.log.take() == ["o2 didDisconnect", "o1 didDisconnect"])
    }

    // MARK: Removal during dispatch

    @Test("removeWhileTraversing: an observer removed by an earlier one in the same pass does not hear it")
    func removeWhileTraversing() throws {
        let port = try PortedScene()
        defer { port.end() }
        var second: LifecycleObservation?
        port.beforeConnect = {
            port.observe("o1") { event in if event == .willConnect { second?.cancel() } }
            second = port.observe("o2")
        }
        try port.create()
        #expect(port.log.take() == ["o1 willConnect"])
    }

    @Test("downEventsRemoveAll: observers removed during a downward pass hear nothing more")
    func downEventsRemoveAll() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.fullyInitialize()
        var first, second, third: LifecycleObservation?
        first = port.observe("o1")
        second = port.observe("o2") { event in
            guard event == .didEnterBackground else { return }
            third?.cancel()
            second?.cancel()
            first?.cancel()
        }
        third = port.observe("o3")
        port.log.take()
        try port.move(to: .foregroundInactive)
        #expect(port.log.take() == ["o3 willResignActive", "o2 willResignActive", "o1 willResignActive"])
        try port.move(to: .background)
        #expect(port.log.take() == ["o3 didEnterBackground", "o2 didEnterBackground"])
        try port.move(to: .foregroundInactive)
        #expect(port.log.take().isEmpty)
    }
}
