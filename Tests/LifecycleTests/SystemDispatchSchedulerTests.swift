import Dispatch
import Lifecycle
import Testing

/// The Dispatch-backed scheduler of a real process.
@Suite("SystemDispatchScheduler")
@MainActor
struct SystemDispatchSchedulerTests {
    let scheduler: any DispatchScheduler = SystemDispatchScheduler()

    @Test("main-queue work runs on the main actor in the order it was sent")
    func mainQueueInOrder() async {
        var log: [Int] = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for index in 0..<5 { scheduler.main.async { log.append(index) } }
            scheduler.main.async { done.resume() }
        }
        #expect(log == [0, 1, 2, 3, 4])
    }

    @Test("global work runs off the main queue, then can call back on the main queue")
    func globalThenMain() async {
        let scheduler = scheduler
        let onMain: Bool = await withCheckedContinuation { done in
            scheduler.global(qos: .utility).async {
                let wasOnMain = MainQueue.isCurrent
                scheduler.main.async { done.resume(returning: !wasOnMain && MainQueue.isCurrent) }
            }
        }
        #expect(onMain)
    }

    @Test("delayed work runs no earlier than its delay, on either queue")
    func delayedWork() async {
        let scheduler = scheduler
        let start = ContinuousClock.now
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            scheduler.main.asyncAfter(.milliseconds(2)) {
                scheduler.global().asyncAfter(.milliseconds(2)) { done.resume() }
            }
        }
        #expect(ContinuousClock.now - start >= .milliseconds(4))
    }
}
