import Lifecycle
import LifelineTestSupport
import Testing

private struct LoadFailed: Error, Equatable {}

/// Work bound to a lifetime: cancelled when the scope ends, results dropped after it ended.
@Suite("TaskScope")
@MainActor
struct TaskScopeTests {
    private func connectedRig() throws -> LifecycleTestRig {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        rig.log.take()
        return rig
    }

    @Test("scene work is cancelled when the scene disconnects")
    func sceneWorkCancelledOnDisconnect() async throws {
        let rig = try connectedRig()
        let scene = try #require(rig.scene("A"))
        scene.scope.onEnd { rig.log.record("scope ended") }
        scene.scope.task("poll") {
            do {
                try await rig.clock.sleep(for: .seconds(60))
                rig.log.record("poll finished")
            } catch {
                rig.log.record("poll cancelled: \(error is CancellationError)")
            }
        }
        #expect(scene.scope.runningTaskCount == 1)
        try rig.disconnect("A")
        #expect(await rig.settle())
        #expect(rig.log.take() == [
            "delegate[A] didEnterBackground", "delegate[A] restoration",
            "delegate[A] restoration", "delegate[A] didDisconnect",
            "scope ended", "poll cancelled: true",
        ])
        #expect(scene.scope.runningTaskCount == 0)
        #expect(rig.tracker.liveTasks.isEmpty)
        #expect(rig.clock.pendingCount == 0)
    }

    @Test("a result that arrives after the scene disconnected is dropped")
    func lateResultDiscarded() async throws {
        let rig = try connectedRig()
        let scene = try #require(rig.scene("A"))
        scene.scope.task("load book") {
            await withCheckedContinuation { continuation in
                rig.clock.schedule(after: .seconds(1)) { continuation.resume() }
            }
            return 42
        } apply: { result in
            rig.log.record("applied \(result)")
        }
        try rig.disconnect("A")
        rig.log.take()
        rig.clock.advance(by: .seconds(1))
        #expect(await rig.settle())
        #expect(rig.log.take().isEmpty)
    }

    @Test("a result that arrives while the scope is active is applied; failures too, cancellations not")
    func resultsApplied() async throws {
        let clock = VirtualClock()
        let tracker = WorkTracker()
        let scope = TaskScope(name: "screen", tracker: tracker)
        var applied: [String] = []
        scope.task("ok") {
            try await clock.sleep(for: .seconds(1))
            return 42
        } apply: { result in
            applied.append("ok \((try? result.get()) ?? -1)")
        }
        scope.task("fails") { () async throws -> Int in
            try await clock.sleep(for: .seconds(1))
            throw LoadFailed()
        } apply: { result in
            if case .failure(let error) = result { applied.append("failed \(error is LoadFailed)") }
        }
        scope.task("cancels") { () async throws -> Int in
            throw CancellationError()
        } apply: { _ in
            applied.append("cancellation applied")
        }
        clock.advance(by: .seconds(1))
        while !tracker.liveTasks.isEmpty { await Task.yield() }
        #expect(applied == ["ok 42", "failed true"])
    }

    @Test("a task started on an ended scope never runs")
    func taskOnEndedScope() async {
        let scope = TaskScope(name: "screen", tracker: WorkTracker())
        scope.end()
        var ran = false
        let task = scope.task("late") { ran = true }
        #expect(task.isCancelled)
        await task.value
        #expect(!ran)
        #expect(!scope.isActive)
    }

    @Test("ending a scope ends its children and end handlers newest first; a late handler runs at once")
    func endOrder() {
        let tracker = WorkTracker()
        let root = TaskScope(name: "scene", tracker: tracker)
        var log: [String] = []
        root.onEnd { log.append("root handler 1") }
        let first = root.child(named: "first")
        first.onEnd { log.append("first") }
        let second = root.child(named: "second")
        second.onEnd { log.append("second") }
        root.onEnd { log.append("root handler 2") }
        root.end()
        root.end()
        #expect(log == ["second", "first", "root handler 2", "root handler 1"])
        root.onEnd { log.append("late") }
        #expect(log.last == "late")
        #expect(!root.child(named: "after").isActive)
    }

    @Test("a child ended on its own leaves its parent running")
    func childEndsAlone() {
        let root = TaskScope(name: "scene", tracker: WorkTracker())
        let child = root.child(named: "screen")
        var ended = false
        child.onEnd { ended = true }
        child.end()
        #expect(ended)
        #expect(root.isActive)
    }

    @Test("abandoning a scope cancels its tasks without running end handlers")
    func abandonSkipsHandlers() async {
        let clock = VirtualClock()
        let tracker = WorkTracker()
        let scope = TaskScope(name: "application", tracker: tracker)
        var handlerRan = false
        scope.onEnd { handlerRan = true }
        let task = scope.task("sleep") { try? await clock.sleep(for: .seconds(5)) }
        scope.abandon()
        #expect(task.isCancelled)
        #expect(!handlerRan)
        await task.value
        #expect(tracker.liveTasks.isEmpty)
    }

    @Test("repeatWhile starts on reaching the state, cancels on leaving it, restarts on re-entry")
    func repeatWhileFollowsState() async throws {
        let rig = try connectedRig()
        let scene = try #require(rig.scene("A"))
        var runs = 0
        scene.repeatWhile(atLeast: .foregroundActive, "poll") {
            runs += 1
            let run = runs
            rig.log.record("start \(run)")
            do {
                try await rig.clock.sleep(for: .seconds(3_600))
            } catch {
                rig.log.record("cancelled \(run)")
            }
        }
        #expect(rig.log.take().isEmpty)
        try rig.move("A", to: .foregroundActive)
        #expect(await rig.settle())
        #expect(rig.log.take() == ["delegate[A] didBecomeActive", "start 1"])
        try rig.move("A", to: .foregroundInactive)
        #expect(await rig.settle())
        #expect(rig.log.take() == ["delegate[A] willResignActive", "cancelled 1"])
        try rig.move("A", to: .foregroundActive)
        #expect(await rig.settle())
        #expect(rig.log.take() == ["delegate[A] didBecomeActive", "start 2"])
        try rig.disconnect("A")
        #expect(await rig.settle())
        #expect(rig.log.take().contains("cancelled 2"))
        #expect(rig.tracker.liveTasks.isEmpty)
    }

    @Test("repeatWhile on a scene already in the state starts at once; cancelling it stops the work")
    func repeatWhileCancel() async throws {
        let rig = try connectedRig()
        let scene = try #require(rig.scene("A"))
        let observation = scene.repeatWhile(atLeast: .foregroundInactive, "sync") {
            rig.log.record("start")
            do { try await rig.clock.sleep(for: .seconds(60)) } catch { rig.log.record("cancelled") }
        }
        #expect(await rig.settle())
        observation.cancel()
        #expect(await rig.settle())
        try rig.move("A", to: .background)
        try rig.move("A", to: .foregroundInactive)
        #expect(await rig.settle())
        #expect(rig.log.take() == [
            "start", "cancelled",
            "delegate[A] didEnterBackground", "delegate[A] restoration", "delegate[A] willEnterForeground",
        ])
    }
}
