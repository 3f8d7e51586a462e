import Lifecycle
import LifelineTestSupport
import Testing

@Suite("ScenePhaseSequence")
@MainActor
struct ScenePhaseSequenceTests {
    @Test("yields the current phase, then each change, and finishes when the scene disconnects")
    func yieldsAndFinishes() async throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        let scene = try #require(rig.scene("A"))
        var seen: [ScenePhase] = []
        var finished = false
        rig.runtime.applicationScope.task("watch phases") {
            for await phase in scene.phases { seen.append(phase) }
            finished = true
        }
        #expect(await rig.settle())
        #expect(seen == [.inactive])
        #expect(rig.tracker.parkedTasks.count == 1)

        try rig.move("A", to: .foregroundActive)
        #expect(!rig.tracker.isQuiescent)
        #expect(await rig.settle())
        try rig.move("A", to: .background)
        #expect(await rig.settle())
        #expect(seen == [.inactive, .active, .inactive, .background])
        #expect(!finished)

        try rig.disconnect("A")
        #expect(await rig.settle())
        #expect(finished)
        #expect(rig.tracker.liveTasks.isEmpty)
    }

    @Test("changes made before the loop runs are buffered in order")
    func buffersChanges() async throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        let scene = try #require(rig.scene("A"))
        let phases = scene.phases
        try rig.move("A", to: .foregroundActive)
        try rig.disconnect("A")
        var seen: [ScenePhase] = []
        for await phase in phases { seen.append(phase) }
        #expect(seen == [.background, .inactive, .active, .inactive, .background])
    }

    @Test("a sequence taken from a disconnected scene is empty")
    func emptyAfterDisconnect() async throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        let scene = try #require(rig.scene("A"))
        try rig.disconnect("A")
        var iterator = scene.phases.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    @Test("a sequence taken inside a callback does not repeat the phase it starts with")
    func noDuplicateFromCallback() async throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        let scene = try #require(rig.scene("A"))
        var phases: ScenePhaseSequence?
        scene.addObserver { event in
            if event == .willEnterForeground { phases = scene.phases }
        }
        try rig.move("A", to: .foregroundInactive)
        try rig.disconnect("A")
        var seen: [ScenePhase] = []
        for await phase in try #require(phases) { seen.append(phase) }
        #expect(seen == [.inactive, .background])
    }

    @Test("cancelling the iterating task ends the sequence")
    func cancellationFinishes() async throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        let scene = try #require(rig.scene("A"))
        let screen = scene.scope.child(named: "screen")
        var ended = false
        screen.task("watch") {
            for await _ in scene.phases {}
            ended = true
        }
        #expect(await rig.settle())
        #expect(rig.tracker.parkedTasks.count == 1)
        screen.end()
        #expect(!rig.tracker.isQuiescent)
        #expect(await rig.settle())
        #expect(ended)
        #expect(rig.tracker.liveTasks.isEmpty)
    }

    @Test("two tasks waiting on one sequence are served in turn")
    func twoWaiters() async throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        let scene = try #require(rig.scene("A"))
        let phases = scene.phases
        var iterator = phases.makeAsyncIterator()
        #expect(await iterator.next() == .inactive)
        var results: [String] = []
        for name in ["first", "second"] {
            rig.runtime.applicationScope.task(name) {
                var iterator = phases.makeAsyncIterator()
                let phase = await iterator.next()
                results.append("\(name) \(phase.map(\.description) ?? "end")")
            }
        }
        #expect(await rig.settle())
        try rig.move("A", to: .foregroundActive)
        try rig.disconnect("A")
        #expect(await rig.settle())
        #expect(results == ["first active", "second inactive"])
        #expect(rig.tracker.liveTasks.isEmpty)
    }

    @Test("phaseChanges reports what onChange(of: scenePhase) reports: never the phase it starts in, then every step")
    func changesWithoutTheInitialPhase() async throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        try rig.move("A", to: .foregroundActive)
        let scene = try #require(rig.scene("A"))
        let changes = scene.phaseChanges
        try rig.move("A", to: .background)
        try rig.move("A", to: .foregroundActive)
        try rig.disconnect("A")
        var seen: [ScenePhase] = []
        for await phase in changes { seen.append(phase) }
        #expect(seen == [.inactive, .background, .inactive, .active, .inactive, .background])
    }

    @Test("the application's phase changes: the aggregate of its scenes, .inactive reported between .active and .background")
    func applicationPhaseChanges() async throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        try rig.move("A", to: .foregroundActive)
        var seen: [ScenePhase] = []
        rig.runtime.applicationScope.task("watch the app's phase") {
            for await phase in rig.runtime.applicationPhaseChanges { seen.append(phase) }
        }
        #expect(await rig.settle())
        #expect(seen.isEmpty, "the phase it starts in is not a change")
        try rig.connect("B", foreground: false)
        try rig.move("B", to: .foregroundActive)
        try rig.move("A", to: .background)
        #expect(await rig.settle())
        #expect(seen.isEmpty, "B kept the app active while A left")
        try rig.disconnect("B")
        #expect(await rig.settle())
        #expect(seen == [.inactive, .background])
        try rig.move("A", to: .foregroundActive)
        #expect(await rig.settle())
        #expect(seen == [.inactive, .background, .inactive, .active])
        rig.end()
    }
}
