import Lifecycle
import LifelineTestSupport
import Testing

/// androidx's cases that add observers or change the state from inside a callback. androidx's own
/// log, where it differs, is given in a comment, as its `LifecycleRegistry` produces it.
extension AndroidxConformanceTests {
    // MARK: State changes from a callback

    @Test("constructionDestruction1: a move requested during a catch-up is queued after it (differs)")
    func constructionDestruction1() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.fullyInitialize()
        port.observe("o") { event in if event == .willEnterForeground { try? port.move(to: .foregroundInactive) } }
        // androidx: [o willConnect, o willEnterForeground] (the pause lowers the catch-up's target).
        // Lifeline: a catch-up counts as dispatch, so the move is queued, not retargeting it.
        #expect(port.log.take() == ["o willConnect", "o willEnterForeground", "o didBecomeActive", "o willResignActive"])
        #expect(port.scene?.state == .foregroundInactive)
    }

    @Test("constructionDestruction2: moves down to destruction during a catch-up run after it (differs)")
    func constructionDestruction2() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.fullyInitialize()
        let scene = try #require(port.scene)
        port.observe("o") { event in
            guard event == .willEnterForeground else { return }
            try? port.move(to: .foregroundInactive)
            try? port.move(to: .background)
            try? port.destroy()
        }
        // androidx: [o willConnect, o willEnterForeground, o didEnterBackground, o didDisconnect].
        // Lifeline: the catch-up finishes, then the three queued events run in order.
        #expect(port.log.take() == [
            "o willConnect", "o willEnterForeground", "o didBecomeActive",
            "o willResignActive", "o didEnterBackground", "o didDisconnect",
        ])
        #expect(scene.isDisconnected)
    }

    @Test("twoObserversChangingState: the current event reaches everyone before the next (differs in order)")
    func twoObserversChangingState() throws {
        let port = try PortedScene()
        defer { port.end() }
        port.beforeConnect = {
            port.observe("o1") { event in if event == .willConnect { try? port.move(to: .foregroundInactive) } }
            port.observe("o2")
        }
        try port.create()
        // androidx: [o1 willConnect, o1 willEnterForeground, o2 willConnect, o2 willEnterForeground]
        // (its test checks only that each hears each event once, which holds here too).
        #expect(port.log.take() == [
            "o1 willConnect", "o2 willConnect", "o1 willEnterForeground", "o2 willEnterForeground",
        ])
    }

    @Test("changeStateDuringDescending: a move back up from a downward callback converges on it")
    func changeStateDuringDescending() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.fullyInitialize()
        port.observe("o1") { event in
            guard event == .willResignActive else { return }
            try? port.move(to: .foregroundActive)
            port.observe("o2")
        }
        port.log.take()
        try port.move(to: .foregroundInactive)
        #expect(port.log.take() == [
            "o1 willResignActive", "o2 willConnect", "o2 willEnterForeground", "o1 didBecomeActive", "o2 didBecomeActive",
        ])
        #expect(port.scene?.state == .foregroundActive)
    }

    @Test("changeStateDuringDescending, with an older observer: it still hears the interrupted event (differs)")
    func changeStateDuringDescendingReachesOlderObservers() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.fullyInitialize()
        port.observe("o0")
        port.observe("o1") { event in if event == .willResignActive { try? port.move(to: .foregroundActive) } }
        port.log.take()
        try port.move(to: .foregroundInactive)
        // Not one of androidx's cases. androidx's sync abandons the pass: [o1 willResignActive,
        // o1 didBecomeActive], and o0 never hears willResignActive, where drafts are flushed.
        #expect(port.log.take() == [
            "o1 willResignActive", "o0 willResignActive", "o0 didBecomeActive", "o1 didBecomeActive",
        ])
    }

    // MARK: Observers added during dispatch

    @Test("addDuringTraversing: an observer added during a pass is caught up after it (differs)")
    func addDuringTraversing() throws {
        let port = try PortedScene()
        defer { port.end() }
        port.beforeConnect = {
            port.observe("o1") { event in if event == .willEnterForeground { port.observe("o3") } }
            port.observe("o2")
        }
        try port.create()
        try port.move(to: .foregroundInactive)
        // androidx: [o1 willConnect, o2 willConnect, o1 willEnterForeground, o3 willConnect,
        // o2 willEnterForeground, o3 willEnterForeground].
        #expect(port.log.take() == [
            "o1 willConnect", "o2 willConnect", "o1 willEnterForeground", "o2 willEnterForeground",
            "o3 willConnect", "o3 willEnterForeground",
        ])
    }

    @Test("addDuringAddition: an observer added during another's catch-up is caught up after it")
    func addDuringAddition() throws {
        let port = try PortedScene()
        defer { port.end() }
        port.beforeConnect = {
            port.observe("o1") { event in
                guard event == .didBecomeActive else { return }
                port.observe("o2") { event in if event == .willConnect { port.observe("o3") } }
            }
        }
        try port.fullyInitialize()
        #expect(port.log.take() == PortedScene.caughtUp("o1", "o2", "o3"))
    }

    @Test("downEventsAddition: an observer added during a downward pass is caught up after it (differs)")
    func downEventsAddition() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.create()
        try port.move(to: .foregroundInactive)
        port.observe("o1")
        port.observe("o2") { event in if event == .didEnterBackground { port.observe("o3") } }
        port.log.take()
        try port.move(to: .background)
        // androidx: [o2 didEnterBackground, o3 willConnect, o1 didEnterBackground].
        #expect(port.log.take() == ["o2 didEnterBackground", "o1 didEnterBackground", "o3 willConnect"])
        try port.destroy()
        #expect(port.log.take() == ["o3 didDisconnect", "o2 didDisconnect", "o1 didDisconnect"])
    }

    @Test("deadParentWhileTraversing: observers added by one that removed itself are caught up after the pass (differs)")
    func deadParentWhileTraversing() throws {
        let port = try PortedScene()
        defer { port.end() }
        var first: LifecycleObservation?
        port.beforeConnect = {
            first = port.observe("o1") { event in
                guard event == .willEnterForeground else { return }
                first?.cancel()
                port.observe("o2")
                port.observe("o3")
            }
        }
        try port.create()
        try port.move(to: .foregroundInactive)
        // androidx: [o1 willConnect, o1 willEnterForeground, o2 willConnect, o3 willConnect,
        // o2 willEnterForeground, o3 willEnterForeground].
        #expect(port.log.take() == [
            "o1 willConnect", "o1 willEnterForeground",
            "o2 willConnect", "o2 willEnterForeground", "o3 willConnect", "o3 willEnterForeground",
        ])
    }

    @Test("deadParentInAddition: an observer that removes itself during its catch-up stops there; the ones it added follow (differs)")
    func deadParentInAddition() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.fullyInitialize()
        port.observe("o1") { event, observation in
            guard event == .willEnterForeground else { return }
            observation.cancel()
            port.observe("o2")
            port.observe("o3")
        }
        // androidx: [o1 willConnect, o1 willEnterForeground, o2 willConnect, o3 willConnect,
        // o2 willEnterForeground, o2 didBecomeActive, o3 willEnterForeground, o3 didBecomeActive].
        #expect(port.log.take() == [
            "o1 willConnect", "o1 willEnterForeground",
            "o2 willConnect", "o2 willEnterForeground", "o2 didBecomeActive",
            "o3 willConnect", "o3 willEnterForeground", "o3 didBecomeActive",
        ])
    }

    @Test("removeCascade: observers that remove themselves, one from the catch-up that added it (differs)")
    func removeCascade() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.fullyInitialize()
        port.observe("o1") { event, observation in
            guard event == .didBecomeActive else { return }
            observation.cancel()
            port.observe("o2") { event, observation in if event == .willEnterForeground { observation.cancel() } }
            port.observe("o3")
            port.observe("o4")
        }
        // androidx: [o1 willConnect, o1 willEnterForeground, o1 didBecomeActive, o2 willConnect,
        // o2 willEnterForeground, o3 willConnect, o3 willEnterForeground, o4 willConnect,
        // o4 willEnterForeground, o3 didBecomeActive, o4 didBecomeActive].
        #expect(port.log.take() == [
            "o1 willConnect", "o1 willEnterForeground", "o1 didBecomeActive",
            "o2 willConnect", "o2 willEnterForeground",
            "o3 willConnect", "o3 willEnterForeground", "o3 didBecomeActive",
            "o4 willConnect", "o4 willEnterForeground", "o4 didBecomeActive",
        ])
    }

    // MARK: The sibling limitation

    @Test("siblingLimitationCheck: observers added during a catch-up wait for it, then catch up in order (differs)")
    func siblingLimitationCheck() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.fullyInitialize()
        port.observe("o1") { event in
            if event == .willEnterForeground { port.observe("o2") }
            if event == .didBecomeActive { port.observe("o3") }
        }
        // androidx: [o1 willConnect, o1 willEnterForeground, o2 willConnect, o1 didBecomeActive,
        // o3 willConnect, o2 willEnterForeground, o2 didBecomeActive, o3 willEnterForeground,
        // o3 didBecomeActive].
        #expect(port.log.take() == PortedScene.caughtUp("o1", "o2", "o3"))
    }

    @Test("siblingRemovalLimitationCheck1: an observer removed before its catch-up hears nothing (differs)")
    func siblingRemovalLimitationCheck1() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.fullyInitialize()
        var second: LifecycleObservation?
        port.observe("o1") { event in
            if event == .willEnterForeground { second = port.observe("o2") }
            if event == .didBecomeActive {
                second?.cancel()
                port.observe("o3")
                port.observe("o4")
            }
        }
        // androidx: [o1 willConnect, o1 willEnterForeground, o2 willConnect, o1 didBecomeActive,
        // o3 willConnect, o3 willEnterForeground, o4 willConnect, o4 willEnterForeground,
        // o3 didBecomeActive, o4 didBecomeActive].
        #expect(port.log.take() == PortedScene.caughtUp("o1", "o3", "o4"))
    }

    @Test("siblingRemovalLimitationCheck2: stragglers catch up one by one, so a later one removes an earlier one too late (differs)")
    func siblingRemovalLimitationCheck2() throws {
        let port = try PortedScene()
        defer { port.end() }
        try port.fullyInitialize()
        var second: LifecycleObservation?
        port.observe("o1") { event in
            if event == .willEnterForeground { second = port.observe("o2") }
            if event == .didBecomeActive {
                port.observe("o3") { event in if event == .willConnect { second?.cancel() } }
                port.observe("o4")
            }
        }
        // androidx: [o1 willConnect, o1 willEnterForeground, o2 willConnect, o1 didBecomeActive,
        // o3 willConnect, o3 willEnterForeground, o4 willConnect, o4 willEnterForeground,
        // o3 didBecomeActive, o4 didBecomeActive].
        #expect(port.log.take() == PortedScene.caughtUp("o1", "o2", "o3", "o4"))
    }
}
