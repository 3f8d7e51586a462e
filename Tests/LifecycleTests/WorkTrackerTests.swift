import Lifecycle
import Testing

/// Quiescence: every live tracked task is parked at a Lifeline-owned wait.
@Suite("WorkTracker")
@MainActor
struct WorkTrackerTests {
    @Test("a task sleeping on the virtual clock counts as parked")
    func sleeperIsParked() async {
        let clock = VirtualClock()
        let tracker = WorkTracker()
        let scope = TaskScope(name: "scene", tracker: tracker)
        var woke = false
        scope.task("debounce") {
            try? await clock.sleep(for: .milliseconds(300))
            woke = true
        }
        #expect(tracker.liveTasks.count == 1)
        #expect(tracker.parkedTasks.count == 1)
        #expect(tracker.isQuiescent)
        #expect(tracker.unparkedLabels.isEmpty)

        clock.advance(by: .milliseconds(300))
        // Woken but not yet run: runnable, so the app is not quiescent.
        #expect(!woke)
        #expect(!tracker.isQuiescent)
        #expect(tracker.unparkedLabels == ["scene: debounce"])
        var yields = 0
        while !tracker.isQuiescent, yields < 100 {
            await Task.yield()
            yields += 1
        }
        #expect(woke)
        #expect(tracker.liveTasks.isEmpty)
    }

    @Test("a task waiting on something Lifeline does not own is live but not parked")
    func foreignWaitIsNotParked() async {
        let tracker = WorkTracker()
        let scope = TaskScope(name: "screen", tracker: tracker)
        var resume: CheckedContinuation<Void, Never>?
        scope.task("network") {
            await withCheckedContinuation { resume = $0 }
        }
        #expect(!tracker.isQuiescent)
        #expect(tracker.unparkedLabels == ["screen: network"])
        resume?.resume()
        while !tracker.liveTasks.isEmpty { await Task.yield() }
        #expect(tracker.isQuiescent)
    }

    @Test("a task that finishes synchronously is counted in and out at once")
    func synchronousTask() {
        let tracker = WorkTracker()
        let scope = TaskScope(name: "screen", tracker: tracker)
        let before = tracker.generation
        scope.task("sync") {}
        #expect(tracker.liveTasks.isEmpty)
        #expect(scope.runningTaskCount == 0)
        #expect(tracker.generation == before + 2)
    }

    @Test("parking outside a tracked task runs the body unchanged")
    func parkingOutsideTrackedTask() async {
        let tracker = WorkTracker()
        let value = await tracker.parked { 7 }
        #expect(value == 7)
        #expect(tracker.parkedTasks.isEmpty)
        #expect(tracker.generation == 0)
    }

    @Test("cancelling a scope makes its parked tasks runnable until they finish")
    func cancellationUnparks() async {
        let clock = VirtualClock()
        let tracker = WorkTracker()
        let scope = TaskScope(name: "scene", tracker: tracker)
        scope.task("sleep") { try? await clock.sleep(for: .seconds(10)) }
        #expect(tracker.isQuiescent)
        scope.end()
        #expect(!tracker.isQuiescent)
        while !tracker.liveTasks.isEmpty { await Task.yield() }
        #expect(clock.pendingCount == 0)
    }

    @Test("without ordered wakes (the simulator's executors order jobs), a woken task may wait for another woken task")
    func unorderedWakes() async {
        let clock = VirtualClock()
        let tracker = WorkTracker(ordersWakes: false)
        let scope = TaskScope(name: "scene", tracker: tracker)
        var log: [String] = []
        var second: Task<Void, Never>?
        scope.task("first") {
            try? await clock.sleep(for: .seconds(1))
            await second?.value
            log.append("first")
        }
        second = scope.task("second") {
            try? await clock.sleep(for: .seconds(1))
            log.append("second")
        }
        clock.advance(by: .seconds(1))
        while !tracker.liveTasks.isEmpty { await Task.yield() }
        #expect(log == ["second", "first"])
    }
}
