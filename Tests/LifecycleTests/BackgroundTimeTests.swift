import Lifecycle
import LifelineTestSupport
import Testing

/// LIFECYCLE.md's rule of background time: in the background the app runs only while it holds a
/// background task, an extra-time lease or a pending silent push; when the last one ends the host
/// is told (iOS suspends the process then), and work not ended within the grace period after its
/// expiration handler is reported first (iOS's watchdog kills the process).
@Suite("LifecycleRuntime background time")
@MainActor
struct BackgroundTimeTests {
    /// A launched rig with no scene (the app is in the background) and a "refresh" handler that
    /// keeps the task it is given.
    private func backgroundRig() throws -> (LifecycleTestRig, () -> BackgroundTask?) {
        let rig = LifecycleTestRig()
        var current: BackgroundTask?
        try rig.runtime.registerBackgroundTask("refresh") { task in current = task }
        try rig.launch()
        try rig.runtime.submit(BackgroundTaskRequest(identifier: "refresh"))
        rig.log.take()
        return (rig, { current })
    }

    @Test("background time ends with the last task, lease or push, and the host is told which")
    func endsWithTheLastHolder() throws {
        let (rig, task) = try backgroundRig()
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        let lease = rig.runtime.beginExtraTime("upload")
        #expect(rig.runtime.holdsBackgroundTime)
        task()?.setTaskCompleted(success: true)
        #expect(rig.runtime.holdsBackgroundTime)
        #expect(!rig.runtime.canBeSuspended)
        lease.end()
        #expect(!rig.runtime.holdsBackgroundTime)
        #expect(rig.runtime.canBeSuspended)
        #expect(rig.log.take() == [
            "host leaseBegan(upload)", "host leaseEnded(upload)", "host backgroundTimeEnded(extra-time lease 'upload')",
        ])
    }

    @Test("with a scene in the foreground the app runs on: ending its last lease ends no background time")
    func foregroundAppHasNoBackgroundTimeToEnd() throws {
        let (rig, _) = try backgroundRig()
        try rig.connect("A")
        let lease = rig.runtime.beginExtraTime("upload")
        rig.log.take()
        lease.end()
        #expect(rig.log.take() == ["host leaseEnded(upload)"])
        try rig.move("A", to: .background)
        rig.log.take()
        let second = rig.runtime.beginExtraTime("upload again")
        second.end()
        #expect(rig.log.take() == [
            "host leaseBegan(upload again)", "host leaseEnded(upload again)",
            "host backgroundTimeEnded(extra-time lease 'upload again')",
        ])
    }

    @Test("expiry, then the expiration handler, then the watchdog after the grace period, then the end")
    func expiryHandlerGraceWatchdog() throws {
        let (rig, task) = try backgroundRig()
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        task()?.expirationHandler = { rig.log.record("expiration handler at \(rig.clock.now)") }
        let grace = BackgroundBudgets.iOS.gracePeriod
        rig.clock.advance(to: .zero.advanced(by: .seconds(10)))
        try rig.runtime.handle(.expireBackgroundTask(identifier: "refresh"))
        rig.clock.advance(to: .zero.advanced(by: .seconds(10)).advanced(by: grace - .milliseconds(1)))
        #expect(rig.log.take() == ["expiration handler at t+10000ms"])
        rig.clock.advance(to: .zero.advanced(by: .seconds(10)).advanced(by: grace))
        #expect(rig.log.take() == [
            "host overran(background task 'refresh')", "host backgroundTimeEnded(background task 'refresh')",
        ])
        #expect(task()?.completion == false)
    }

    @Test("a task completed within the grace period after its expiration is never reported")
    func completedWithinGrace() throws {
        let (rig, task) = try backgroundRig()
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        task()?.expirationHandler = { task()?.setTaskCompleted(success: false) }
        rig.clock.advance(by: .seconds(60))
        #expect(rig.log.take() == ["host backgroundTimeEnded(background task 'refresh')"])
        #expect(rig.host.overruns.isEmpty)
    }

    @Test("a lease's expiration handler runs the grace period before its deadline")
    func leaseGrace() throws {
        let (rig, _) = try backgroundRig()
        let budgets = BackgroundBudgets.iOS
        var lease: ExtraTimeLease?
        lease = rig.runtime.beginExtraTime("upload") {
            rig.log.record("expiring at \(rig.clock.now)")
            lease?.end()
        }
        rig.clock.advance(by: .seconds(60))
        let warned = milliseconds(budgets.extraTime - budgets.gracePeriod)
        #expect(rig.log.take() == [
            "host leaseBegan(upload)", "expiring at t+\(warned)ms", "host leaseEnded(upload)",
            "host backgroundTimeEnded(extra-time lease 'upload')",
        ])
        #expect(rig.host.overruns.isEmpty)
    }
}

/// `duration` in whole milliseconds, as the log's instants print them.
private func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
}
