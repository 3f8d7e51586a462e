import Foundation
import Lifecycle
import LifelineTestSupport
import Testing

/// The dispatch rules of LIFECYCLE.md (androidx `LifecycleRegistry`), for scene and application
/// observers, asserted as exact ordered logs.
@Suite("LifecycleRuntime dispatch rules")
@MainActor
struct DispatchRuleTests {
    private func activeRig() throws -> LifecycleTestRig {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        try rig.move("A", to: .foregroundActive)
        rig.log.take()
        return rig
    }

    // MARK: Late observers

    @Test("a late scene observer is caught up with the events leading to the current state")
    func lateSceneObserverCatchesUp() throws {
        let rig = try activeRig()
        rig.observe("A", as: "late")
        #expect(rig.log.take() == ["late[A] willConnect", "late[A] willEnterForeground", "late[A] didBecomeActive"])
    }

    @Test("a late observer of a background scene hears only willConnect")
    func lateObserverOfBackgroundScene() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        rig.log.take()
        rig.observe("A", as: "late")
        #expect(rig.log.take() == ["late[A] willConnect"])
    }

    @Test("a late application observer is caught up with launch and the current phase")
    func lateApplicationObserverCatchesUp() throws {
        let rig = try activeRig()
        rig.observeApplication(as: "late")
        #expect(rig.log.take() == [
            "late willFinishLaunching", "late didFinishLaunching", "late willEnterForeground", "late didBecomeActive",
        ])
    }

    @Test("moments (memory warnings, discards, termination) are not replayed to late observers")
    func momentsAreNotReplayed() throws {
        let rig = LifecycleTestRig()
        try rig.launch(LaunchOptions(discardedSessions: [SceneSessionID("old")]))
        try rig.runtime.handle(.memoryWarning)
        rig.log.take()
        rig.observeApplication(as: "late")
        #expect(rig.log.take() == ["late willFinishLaunching", "late didFinishLaunching"])
    }

    @Test("an observer added inside willFinishLaunching hears willFinishLaunching exactly once")
    func observerAddedDuringLaunch() throws {
        let rig = LifecycleTestRig()
        rig.observeApplication(as: "a1")
        rig.applicationDelegate.onWillFinishLaunching = { [log = rig.log] runtime in
            runtime.addApplicationObserver(log.applicationObserver("inner"))
        }
        try rig.launch()
        #expect(rig.log.take() == [
            "appDelegate willFinishLaunching", "a1 willFinishLaunching", "inner willFinishLaunching",
            "appDelegate didFinishLaunching", "a1 didFinishLaunching", "inner didFinishLaunching",
        ])
    }

    // MARK: Order

    @Test("up in addition order, down in reverse, for scene and application observers")
    func upInOrderDownInReverse() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        for name in ["o1", "o2", "o3"] { rig.observe("A", as: name) }
        for name in ["a1", "a2", "a3"] { rig.observeApplication(as: name) }
        rig.log.take()
        try rig.move("A", to: .foregroundInactive)
        #expect(rig.log.take() == [
            "delegate[A] willEnterForeground", "o1[A] willEnterForeground", "o2[A] willEnterForeground",
            "o3[A] willEnterForeground", "a1 willEnterForeground", "a2 willEnterForeground", "a3 willEnterForeground",
        ])
        try rig.move("A", to: .background)
        #expect(rig.log.take() == [
            "o3[A] didEnterBackground", "o2[A] didEnterBackground", "o1[A] didEnterBackground",
            "delegate[A] didEnterBackground", "delegate[A] restoration",
            "a3 didEnterBackground", "a2 didEnterBackground", "a1 didEnterBackground",
        ])
    }

    // MARK: Illegal transitions

    @Test("an illegal transition names the scene, the event and the state, and changes nothing")
    func illegalTransitionChangesNothing() throws {
        let rig = try activeRig()
        rig.observe("A", as: "o1")
        rig.observeApplication(as: "a1")
        rig.log.take()
        let before = rig.runtime.sessions
        for target in [SceneState.foregroundActive, .unattached] {
            let expected = LifecycleError.illegalSceneTransition(
                scene: SceneSessionID("A"), event: "moveScene(\(target))", state: .foregroundActive
            )
            #expect(throws: expected) { try rig.move("A", to: target) }
            let description = expected.description
            #expect(description.contains("scene A"))
            #expect(description.contains("moveScene(\(target))"))
            #expect(description.contains("state foregroundActive"))
        }
        #expect(rig.log.take().isEmpty)
        #expect(rig.scene("A")?.state == .foregroundActive)
        #expect(rig.runtime.applicationPhase == .active)
        #expect(rig.runtime.sessions == before)
    }

    @Test("events for unknown or already connected scenes are refused")
    func unknownAndDuplicateScenes() throws {
        let rig = try activeRig()
        #expect(throws: LifecycleError.unknownScene(SceneSessionID("B"), event: "moveScene(background)")) {
            try rig.move("B", to: .background)
        }
        #expect(throws: LifecycleError.unknownScene(SceneSessionID("B"), event: "disconnectScene")) {
            try rig.disconnect("B")
        }
        #expect(throws: LifecycleError.sceneAlreadyConnected(SceneSessionID("A"))) {
            try rig.connect("A")
        }
        #expect(rig.log.take().isEmpty)
    }

    @Test("suspension with a scene on screen is refused")
    func suspendInForegroundIsIllegal() throws {
        let rig = try activeRig()
        #expect(!rig.runtime.canBeSuspended)
        #expect(throws: LifecycleError.illegalSceneTransition(scene: SceneSessionID("A"), event: "suspend", state: .foregroundActive)) {
            try rig.runtime.handle(.suspend)
        }
        #expect(rig.runtime.processState == .running)
    }

    // MARK: Reentrancy

    @Test("a move requested from an observer is applied after the current event reached everyone")
    func reentrantMoveAfterCurrentEvent() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        rig.observe("A", as: "o1")
        rig.scene("A")?.addObserver { [unowned rig] event in
            rig.log.record("mover[A] \(event)")
            if event == .didBecomeActive { try? rig.move("A", to: .background) }
        }
        rig.observe("A", as: "o3")
        rig.observeApplication(as: "a1")
        rig.log.take()
        try rig.move("A", to: .foregroundActive)
        #expect(rig.log.take() == [
            "delegate[A] didBecomeActive", "o1[A] didBecomeActive", "mover[A] didBecomeActive", "o3[A] didBecomeActive",
            "a1 didBecomeActive",
            "o3[A] willResignActive", "mover[A] willResignActive", "o1[A] willResignActive", "delegate[A] willResignActive",
            "a1 willResignActive",
            "o3[A] didEnterBackground", "mover[A] didEnterBackground", "o1[A] didEnterBackground",
            "delegate[A] didEnterBackground", "delegate[A] restoration", "a1 didEnterBackground",
        ])
        #expect(rig.scene("A")?.state == .background)
    }

    @Test("a move requested during a jump converges on the latest state, skipping the stale target")
    func reentrantMoveRetargetsJump() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        rig.scene("A")?.addObserver { [unowned rig] event in
            rig.log.record("mover[A] \(event)")
            if event == .willEnterForeground { try? rig.move("A", to: .background) }
        }
        rig.observe("A", as: "o2")
        rig.log.take()
        try rig.move("A", to: .foregroundActive)
        #expect(rig.log.take() == [
            "delegate[A] willEnterForeground", "mover[A] willEnterForeground", "o2[A] willEnterForeground",
            "o2[A] didEnterBackground", "mover[A] didEnterBackground", "delegate[A] didEnterBackground",
            "delegate[A] restoration",
        ])
        #expect(rig.scene("A")?.state == .background)
    }

    @Test("an application observer can retarget the scene whose event it hears")
    func applicationObserverRetargets() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        rig.runtime.addApplicationObserver { [unowned rig] event in
            rig.log.record("app \(event)")
            if event == .willEnterForeground { try? rig.move("A", to: .foregroundActive) }
        }
        rig.log.take()
        try rig.move("A", to: .foregroundInactive)
        #expect(rig.log.take() == [
            "delegate[A] willEnterForeground", "app willEnterForeground",
            "delegate[A] didBecomeActive", "app didBecomeActive",
        ])
    }

    @Test("a reentrant illegal move throws to the observer at once and changes nothing")
    func reentrantIllegalMoveThrows() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        var thrown: LifecycleError?
        rig.scene("A")?.addObserver { [unowned rig] event in
            guard event == .willEnterForeground else { return }
            do throws(LifecycleError) { try rig.move("A", to: .unattached) } catch { thrown = error }
        }
        rig.log.take()
        try rig.move("A", to: .foregroundInactive)
        #expect(thrown == .illegalSceneTransition(scene: SceneSessionID("A"), event: "moveScene(unattached)", state: .foregroundInactive))
        #expect(rig.log.take() == ["delegate[A] willEnterForeground"])
        #expect(rig.scene("A")?.state == .foregroundInactive)
    }

    @Test("a move requested while the scene disconnects is refused")
    func noRetargetWhileDisconnecting() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        var thrown: LifecycleError?
        rig.scene("A")?.addObserver { [unowned rig] event in
            guard event == .didEnterBackground else { return }
            do throws(LifecycleError) { try rig.move("A", to: .foregroundActive) } catch { thrown = error }
        }
        try rig.disconnect("A")
        #expect(thrown == .illegalSceneTransition(scene: SceneSessionID("A"), event: "moveScene(foregroundActive)", state: .background))
        #expect(rig.scene("A") == nil)
    }

    @Test("other host events sent from a callback are queued and handled in order afterwards")
    func otherEventsAreQueued() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        try rig.connect("B", foreground: false)
        rig.scene("A")?.addObserver { [unowned rig] event in
            rig.log.record("o[A] \(event)")
            if event == .didBecomeActive {
                try? rig.move("B", to: .foregroundInactive)
                try? rig.runtime.handle(.memoryWarning)
            }
        }
        rig.log.take()
        try rig.move("A", to: .foregroundActive)
        #expect(rig.log.take() == [
            "delegate[A] didBecomeActive", "o[A] didBecomeActive",
            "delegate[B] willEnterForeground",
            "appDelegate didReceiveMemoryWarning",
        ])
    }

    @Test("a queued event that turns out illegal is logged and the rest still run")
    func queuedIllegalEventIsLogged() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        rig.scene("A")?.addObserver { [unowned rig] event in
            if event == .didBecomeActive {
                try? rig.runtime.handle(.resume)
                try? rig.runtime.handle(.memoryWarning)
            }
        }
        rig.log.take()
        try rig.move("A", to: .foregroundActive)
        #expect(rig.log.take() == ["delegate[A] didBecomeActive", "appDelegate didReceiveMemoryWarning"])
        #expect(rig.logSink.records.contains { $0.level == .error && $0.message.contains("'resume'") })
    }

    @Test("an observer added during dispatch does not run ahead of the state being dispatched")
    func observerAddedDuringDispatch() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        var added = false
        rig.scene("A")?.addObserver { [unowned rig] event in
            rig.log.record("o1[A] \(event)")
            if event == .willEnterForeground, !added {
                added = true
                rig.observe("A", as: "new")
                rig.log.record("added")
            }
        }
        rig.observe("A", as: "o2")
        rig.log.take()
        try rig.move("A", to: .foregroundActive)
        #expect(rig.log.take() == [
            "delegate[A] willEnterForeground", "o1[A] willEnterForeground", "added", "o2[A] willEnterForeground",
            "new[A] willConnect", "new[A] willEnterForeground",
            "delegate[A] didBecomeActive", "o1[A] didBecomeActive", "o2[A] didBecomeActive", "new[A] didBecomeActive",
        ])
    }

    @Test("an application observer added during dispatch is caught up after the pass")
    func applicationObserverAddedDuringDispatch() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        rig.runtime.addApplicationObserver { [unowned rig] event in
            rig.log.record("a1 \(event)")
            if event == .willEnterForeground { rig.observeApplication(as: "new") }
        }
        rig.observeApplication(as: "a2")
        rig.log.take()
        try rig.move("A", to: .foregroundActive)
        #expect(rig.log.take() == [
            "delegate[A] willEnterForeground", "a1 willEnterForeground", "a2 willEnterForeground",
            "new willFinishLaunching", "new didFinishLaunching", "new willEnterForeground",
            "delegate[A] didBecomeActive", "a1 didBecomeActive", "a2 didBecomeActive", "new didBecomeActive",
        ])
    }

    @Test("a move requested while a late observer is caught up waits until the catch-up is over")
    func moveFromCatchUpIsQueued() throws {
        let rig = try activeRig()
        rig.scene("A")?.addObserver { [unowned rig] event in
            rig.log.record("late[A] \(event)")
            if event == .willConnect { try? rig.move("A", to: .foregroundInactive) }
        }
        #expect(rig.log.take() == [
            "late[A] willConnect", "late[A] willEnterForeground", "late[A] didBecomeActive",
            "late[A] willResignActive", "delegate[A] willResignActive",
        ])
    }

    // MARK: Removal

    @Test("removing an observer sends it no teardown events")
    func removalIsSilent() throws {
        let rig = try activeRig()
        let observation = try #require(rig.observe("A", as: "o1"))
        rig.observeApplication(as: "a1").cancel()
        rig.log.take()
        observation.cancel()
        observation.cancel()
        try rig.disconnect("A")
        #expect(rig.log.take() == [
            "delegate[A] willResignActive", "delegate[A] didEnterBackground", "delegate[A] restoration",
            "delegate[A] restoration", "delegate[A] didDisconnect",
        ])
    }

    @Test("an observer removed during a pass does not hear the rest of it")
    func removalDuringPass() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        var victim: LifecycleObservation?
        rig.scene("A")?.addObserver { [unowned rig] event in
            rig.log.record("o1[A] \(event)")
            victim?.cancel()
        }
        victim = rig.observe("A", as: "o2")
        rig.log.take()
        try rig.move("A", to: .foregroundActive)
        #expect(rig.log.take() == [
            "delegate[A] willEnterForeground", "o1[A] willEnterForeground",
            "delegate[A] didBecomeActive", "o1[A] didBecomeActive",
        ])
    }

    @Test("a disconnected scene keeps no observers and accepts none")
    func disconnectedSceneReleasesObservers() throws {
        let rig = try activeRig()
        final class Token {}
        var token: Token? = Token()
        weak let weakToken = token
        rig.scene("A")?.addObserver { [token] _ in _ = token }
        token = nil
        #expect(weakToken != nil)
        let scene = try #require(rig.scene("A"))
        try rig.disconnect("A")
        #expect(weakToken == nil)
        rig.log.take()
        scene.addObserver { event in rig.log.record("after \(event)") }
        #expect(rig.log.take().isEmpty)
        #expect(scene.isDisconnected)
        #expect(scene.state == .unattached)
        #expect(scene.phase == nil)
    }
}
