import Lifecycle
import LifelineTestSupport
import Testing

/// LIFECYCLE.md's background-time table: each budget, its grace period and its overrun,
/// on a ``VirtualClock``.
@Suite("LifecycleRuntime background work")
@MainActor
struct BackgroundWorkTests {
    /// A launched rig with an app-refresh handler "refresh" that records and keeps the task.
    private func rig(
        kind: BackgroundTaskRequest.Kind = .appRefresh, complete: Bool = false
    ) throws -> (LifecycleTestRig, () -> BackgroundTask?) {
        let rig = LifecycleTestRig()
        var current: BackgroundTask?
        try rig.runtime.registerBackgroundTask("refresh") { [log = rig.log, clock = rig.clock] task in
            current = task
            log.record("handler \(task.identifier) at \(clock.now)")
            let identifier = task.identifier
            task.expirationHandler = { log.record("expired \(identifier) at \(clock.now)") }
            if complete { task.setTaskCompleted(success: true) }
        }
        try rig.launch()
        try rig.runtime.submit(BackgroundTaskRequest(identifier: "refresh", kind: kind))
        rig.log.take()
        return (rig, { current })
    }

    @Test("iOS budgets: 5 s transitions, 30 s extra time, refresh and push, minutes of processing")
    func iOSBudgets() {
        let budgets = BackgroundBudgets.iOS
        #expect(budgets.transition == .seconds(5))
        #expect(budgets.extraTime == .seconds(30))
        #expect(budgets.appRefresh == .seconds(30))
        #expect(budgets.silentPush == .seconds(30))
        #expect(budgets.processing >= .seconds(60))
        #expect(budgets.gracePeriod > .zero && budgets.gracePeriod < budgets.extraTime)
        #expect(budgets.budget(for: .appRefresh) == budgets.appRefresh)
        #expect(budgets.budget(for: .processing(requiresExternalPower: true, requiresNetwork: false)) == budgets.processing)
    }

    @Test("an app-refresh task's expiration handler runs shortly before its 30 s budget ends")
    func refreshExpiresBeforeBudget() throws {
        let (rig, task) = try rig()
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        #expect(task()?.deadline == .zero.advanced(by: .seconds(30)))
        rig.clock.advance(to: .zero.advanced(by: .milliseconds(27_999)))
        #expect(rig.log.take() == ["handler refresh at t+0ms"])
        rig.clock.advance(to: .zero.advanced(by: .seconds(28)))
        #expect(rig.log.take() == ["expired refresh at t+28000ms"])
        task()?.setTaskCompleted(success: true)
        rig.clock.advance(by: .seconds(60))
        #expect(rig.log.take() == ["host backgroundTimeEnded(background task 'refresh')"])
        #expect(rig.host.overruns.isEmpty)
        #expect(rig.runtime.runningTasks.isEmpty)
        #expect(rig.clock.pendingCount == 0)
    }

    @Test("a background task still running at its deadline is ended, cancelled and reported to the host")
    func refreshOverrun() async throws {
        let (rig, task) = try rig()
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        let running = try #require(task())
        let work = running.scope.task("download") { [clock = rig.clock] in try? await clock.sleep(for: .seconds(600)) }
        rig.clock.advance(to: .zero.advanced(by: .seconds(30)))
        #expect(rig.log.take() == [
            "handler refresh at t+0ms", "expired refresh at t+28000ms", "host overran(background task 'refresh')",
            "host backgroundTimeEnded(background task 'refresh')",
        ])
        #expect(running.completion == false)
        #expect(!running.scope.isActive)
        #expect(work.isCancelled)
        #expect(rig.runtime.runningTasks.isEmpty)
        #expect(rig.logSink.records.contains { $0.level == .error && $0.message.contains("refresh") })
        #expect(await rig.settle())
        #expect(rig.tracker.liveTasks.isEmpty)
    }

    @Test("a task completed at once neither expires nor overruns, and leaves no timer behind")
    func completedTaskLeavesNoTimers() throws {
        let (rig, task) = try rig(complete: true)
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        #expect(task()?.completion == true)
        #expect(rig.clock.pendingCount == 0)
        rig.clock.advance(by: .seconds(60))
        #expect(rig.log.take() == ["handler refresh at t+0ms", "host backgroundTimeEnded(background task 'refresh')"])
        #expect(rig.host.overruns.isEmpty)
    }

    @Test("a processing task is ended when the user returns, and overruns if it does not complete promptly")
    func processingEndsWhenUserReturns() throws {
        let (rig, task) = try rig(kind: .processing(requiresExternalPower: false, requiresNetwork: true))
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        #expect(task()?.deadline == .zero.advanced(by: BackgroundBudgets.iOS.processing))
        rig.clock.advance(to: .zero.advanced(by: .seconds(60)))
        try rig.connect("A")
        #expect(rig.log.take() == [
            "handler refresh at t+0ms",
            "delegate[A] willConnect", "delegate[A] willEnterForeground", "expired refresh at t+60000ms",
        ])
        rig.clock.advance(to: .zero.advanced(by: .seconds(62)))
        // A scene is in the foreground: the app still runs, so its background time did not end.
        #expect(rig.log.take() == ["host overran(background task 'refresh')"])
        #expect(task()?.completion == false)
    }

    @Test("an app-refresh task keeps running when the user returns")
    func refreshSurvivesUserReturn() throws {
        let (rig, task) = try rig()
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        try rig.connect("A")
        #expect(task()?.didExpire == false)
    }

    @Test("the system may end a task early: the handler runs and the task must complete within the grace period")
    func hostExpiresTaskEarly() throws {
        let (rig, task) = try rig()
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        rig.clock.advance(to: .zero.advanced(by: .seconds(3)))
        try rig.runtime.handle(.expireBackgroundTask(identifier: "refresh"))
        #expect(rig.log.take() == ["handler refresh at t+0ms", "expired refresh at t+3000ms"])
        rig.clock.advance(to: .zero.advanced(by: .seconds(5)))
        #expect(rig.log.take() == [
            "host overran(background task 'refresh')", "host backgroundTimeEnded(background task 'refresh')",
        ])
        #expect(task()?.completion == false)
        #expect(throws: LifecycleError.backgroundTaskNotRunning("refresh")) {
            try rig.runtime.handle(.expireBackgroundTask(identifier: "refresh"))
        }
    }

    @Test("background tasks are registered before launch finishes, once, and run one at a time")
    func registrationRules() throws {
        let (rig, _) = try rig()
        #expect(throws: LifecycleError.registrationAfterLaunch("late")) {
            try rig.runtime.registerBackgroundTask("late") { _ in }
        }
        #expect(throws: LifecycleError.duplicateBackgroundTaskRegistration("refresh")) {
            try rig.runtime.registerBackgroundTask("refresh") { _ in }
        }
        #expect(throws: LifecycleError.unregisteredBackgroundTask("late")) {
            try rig.runtime.submit(BackgroundTaskRequest(identifier: "late"))
        }
        #expect(throws: LifecycleError.unregisteredBackgroundTask("late")) {
            try rig.runtime.handle(.runBackgroundTask(identifier: "late"))
        }
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        #expect(throws: LifecycleError.backgroundTaskAlreadyRunning("refresh")) {
            try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        }
        #expect(rig.log.take() == ["handler refresh at t+0ms"])
    }

    @Test("requests go to the host, which may cancel them")
    func requestsGoToHost() throws {
        let rig = LifecycleTestRig()
        try rig.runtime.registerBackgroundTask("refresh") { _ in }
        try rig.launch()
        rig.log.take()
        let request = BackgroundTaskRequest(identifier: "refresh", earliestBegin: .zero.advanced(by: .seconds(900)))
        try rig.runtime.submit(request)
        #expect(rig.runtime.pendingBackgroundRequests == ["refresh": request])
        rig.runtime.cancelBackgroundTaskRequest(identifier: "refresh")
        #expect(rig.runtime.pendingBackgroundRequests.isEmpty)
        #expect(rig.log.take() == ["host submit(refresh)", "host cancelRequest(refresh)"])
        #expect(rig.host.submitted == [request])
    }

    @Test("an extra-time lease warns before its deadline and is reported when it overruns")
    func leaseOverrun() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        rig.log.take()
        let lease = rig.runtime.beginExtraTime("upload") { [log = rig.log, clock = rig.clock] in
            log.record("lease expiring at \(clock.now)")
        }
        #expect(lease.deadline == .zero.advanced(by: .seconds(30)))
        #expect(rig.runtime.extraTimeLeases.map(\.name) == ["upload"])
        rig.clock.advance(to: .zero.advanced(by: .milliseconds(27_999)))
        #expect(rig.log.take() == ["host leaseBegan(upload)"])
        rig.clock.advance(to: .zero.advanced(by: .seconds(30)))
        #expect(rig.log.take() == [
            "lease expiring at t+28000ms", "host overran(extra-time lease 'upload')", "host leaseEnded(upload)",
            "host backgroundTimeEnded(extra-time lease 'upload')",
        ])
        #expect(lease.isEnded)
        #expect(rig.runtime.extraTimeLeases.isEmpty)
        #expect(rig.runtime.canBeSuspended)
    }

    @Test("a lease ended in time warns nobody and leaves no timer behind")
    func leaseEndedInTime() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        let lease = rig.runtime.beginExtraTime("upload") { [log = rig.log] in log.record("expiring") }
        #expect(!rig.runtime.canBeSuspended)
        #expect(throws: LifecycleError.illegalProcessTransition(event: "suspend (extra-time lease 'upload' held)", state: .running)) {
            try rig.runtime.handle(.suspend)
        }
        rig.clock.advance(by: .seconds(10))
        lease.end()
        lease.end()
        #expect(rig.clock.pendingCount == 0)
        rig.clock.advance(by: .seconds(60))
        #expect(rig.log.take() == ["appDelegate willFinishLaunching", "appDelegate didFinishLaunching",
                                   "host leaseBegan(upload)", "host leaseEnded(upload)",
                                   "host backgroundTimeEnded(extra-time lease 'upload')"])
        try rig.runtime.handle(.suspend)
    }

    @Test("a silent push must complete within 30 s, or the host is told")
    func silentPushDeadline() throws {
        let rig = LifecycleTestRig()
        var completions: [@MainActor () -> Void] = []
        rig.runtime.setSilentPushHandler { [log = rig.log] payload, completion in
            log.record("push \(payload["n"] ?? "")")
            completions.append(completion)
        }
        try rig.launch()
        rig.log.take()
        try rig.runtime.handle(.silentPush(["n": "1"]))
        try rig.runtime.handle(.silentPush(["n": "2"]))
        #expect(!rig.runtime.canBeSuspended)
        #expect(throws: LifecycleError.illegalProcessTransition(event: "suspend (silent push completion pending)", state: .running)) {
            try rig.runtime.handle(.suspend)
        }
        completions[0]()
        completions[0]()
        rig.clock.advance(to: .zero.advanced(by: .milliseconds(29_999)))
        #expect(rig.log.take() == ["push 1", "push 2"])
        rig.clock.advance(to: .zero.advanced(by: .seconds(30)))
        #expect(rig.log.take() == ["host overran(silent push)", "host backgroundTimeEnded(silent push)"])
        completions[1]()
        #expect(rig.host.overruns == ["silent push"])
        #expect(rig.runtime.canBeSuspended)
    }

    @Test("a silent push with no handler is logged as a warning")
    func silentPushWithoutHandler() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.runtime.handle(.silentPush([:]))
        #expect(rig.logSink.records.contains { $0.level == .warning && $0.message.contains("silent push") })
    }

    @Test("a running background task keeps the process from being suspended")
    func runningTaskBlocksSuspension() throws {
        let (rig, task) = try rig()
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        #expect(throws: LifecycleError.illegalProcessTransition(event: "suspend (background task 'refresh' running)", state: .running)) {
            try rig.runtime.handle(.suspend)
        }
        task()?.setTaskCompleted(success: true)
        try rig.runtime.handle(.suspend)
    }

    @Test("a task that completed, expired or was abandoned drops its expiration handler, even one that captures it")
    func endedTaskReleasesItsExpirationHandler() throws {
        let rig = LifecycleTestRig()
        weak var completed: BackgroundTask?
        weak var abandoned: BackgroundTask?
        for identifier in ["completes", "is abandoned"] {
            try rig.runtime.registerBackgroundTask(identifier) { task in
                task.expirationHandler = { task.setTaskCompleted(success: false) }
                if identifier == "completes" { completed = task } else { abandoned = task }
            }
        }
        try rig.launch()
        for identifier in ["completes", "is abandoned"] {
            try rig.runtime.submit(BackgroundTaskRequest(identifier: identifier))
            try rig.runtime.handle(.runBackgroundTask(identifier: identifier))
        }
        #expect(completed != nil && abandoned != nil, "running tasks are kept")
        completed?.setTaskCompleted(success: true)
        #expect(completed == nil)
        rig.runtime.markKilled()
        #expect(abandoned == nil)
    }

    @Test("after a kill no expiration handler runs and no overrun is reported")
    func killDropsBackgroundDeadlines() throws {
        let (rig, _) = try rig()
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        _ = rig.runtime.beginExtraTime("upload") { [log = rig.log] in log.record("lease expiring") }
        rig.runtime.setSilentPushHandler { _, _ in }
        try rig.runtime.handle(.silentPush([:]))
        rig.log.take()
        rig.runtime.markKilled()
        #expect(rig.clock.pendingCount == 0)
        rig.clock.advance(by: .seconds(3_600))
        #expect(rig.log.take().isEmpty)
        #expect(rig.host.overruns.isEmpty)
    }
}
