import Foundation
import Lifecycle
import LifelineTestSupport
import Testing

/// LIFECYCLE.md's process-level table, row by row, as exact ordered logs.
@Suite("LifecycleRuntime process events")
@MainActor
struct ProcessEventTests {
    @Test("a user launch: willFinishLaunching → didFinishLaunching → the first scene connects")
    func userLaunch() throws {
        let rig = LifecycleTestRig()
        rig.observeApplication(as: "a1")
        try rig.launch()
        try rig.connect("A")
        try rig.move("A", to: .foregroundActive)
        #expect(rig.log.take() == [
            "appDelegate willFinishLaunching", "a1 willFinishLaunching",
            "appDelegate didFinishLaunching", "a1 didFinishLaunching",
            "delegate[A] willConnect", "delegate[A] willEnterForeground", "a1 willEnterForeground",
            "delegate[A] didBecomeActive", "a1 didBecomeActive",
        ])
        #expect(rig.runtime.processState == .running)
        #expect(rig.runtime.launchOptions == LaunchOptions())
    }

    @Test("a background launch runs didFinishLaunching and the task handler, and no scene comes forward")
    func backgroundLaunchForTask() throws {
        let rig = LifecycleTestRig()
        rig.observeApplication(as: "a1")
        rig.applicationDelegate.onWillFinishLaunching = { [log = rig.log] runtime in
            try? runtime.registerBackgroundTask("refresh") { task in
                log.record("handler \(task.identifier)")
                task.setTaskCompleted(success: true)
            }
        }
        let options = LaunchOptions(reason: .backgroundTask("refresh"))
        #expect(options.isBackgroundLaunch)
        try rig.launch(options)
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        #expect(rig.log.take() == [
            "appDelegate willFinishLaunching", "a1 willFinishLaunching",
            "appDelegate didFinishLaunching", "a1 didFinishLaunching",
            "handler refresh", "host backgroundTimeEnded(background task 'refresh')",
        ])
        #expect(rig.runtime.applicationPhase == .background)
        #expect(rig.runtime.runningTasks.isEmpty)
    }

    @Test("a background launch by a silent push runs the push handler")
    func backgroundLaunchForPush() throws {
        let rig = LifecycleTestRig()
        rig.applicationDelegate.onDidFinishLaunching = { [log = rig.log] runtime in
            runtime.setSilentPushHandler { payload, completion in
                log.record("push \(payload["kind"] ?? "?")")
                completion()
            }
        }
        try rig.launch(LaunchOptions(reason: .silentPush))
        try rig.runtime.handle(.silentPush(["kind": "loans"]))
        #expect(rig.log.take() == [
            "appDelegate willFinishLaunching", "appDelegate didFinishLaunching", "push loans",
            "host backgroundTimeEnded(silent push)",
        ])
        #expect(rig.runtime.canBeSuspended)
    }

    @Test("suspension and resumption are silent")
    func suspendAndResumeAreSilent() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        try rig.move("A", to: .background)
        rig.observeApplication(as: "a1")
        rig.observe("A", as: "o1")
        rig.log.take()
        try rig.runtime.handle(.suspend)
        #expect(rig.runtime.processState == .suspended)
        try rig.runtime.handle(.resume)
        #expect(rig.runtime.processState == .running)
        #expect(rig.log.take().isEmpty)
    }

    @Test("a suspended process wakes with only the handler that woke it")
    func wakeFromSuspension() throws {
        let rig = LifecycleTestRig()
        try rig.runtime.registerBackgroundTask("refresh") { [log = rig.log] task in
            log.record("handler \(task.identifier)")
            task.setTaskCompleted(success: true)
        }
        try rig.launch()
        try rig.runtime.handle(.suspend)
        rig.log.take()
        #expect(throws: LifecycleError.illegalProcessTransition(event: "runBackgroundTask", state: .suspended)) {
            try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        }
        try rig.runtime.handle(.resume)
        try rig.runtime.handle(.runBackgroundTask(identifier: "refresh"))
        #expect(rig.log.take() == ["handler refresh", "host backgroundTimeEnded(background task 'refresh')"])
    }

    @Test("a kill while suspended is silent, abandons work and refuses later events")
    func killWhileSuspended() async throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        try rig.move("A", to: .background)
        rig.observeApplication(as: "a1")
        rig.observe("A", as: "o1")
        let scene = try #require(rig.scene("A"))
        var endHandlerRan = false
        scene.scope.onEnd { endHandlerRan = true }
        let work = scene.scope.task("wait") { [clock = rig.clock] in try? await clock.sleep(for: .seconds(60)) }
        try rig.runtime.handle(.suspend)
        rig.log.take()

        rig.runtime.markKilled()

        #expect(rig.runtime.processState == .notRunning)
        #expect(!rig.runtime.isAlive)
        #expect(work.isCancelled)
        #expect(!endHandlerRan)
        #expect(!scene.scope.isActive)
        #expect(rig.log.take().isEmpty)
        #expect(throws: LifecycleError.illegalProcessTransition(event: "resume", state: .notRunning)) {
            try rig.runtime.handle(.resume)
        }
        #expect(throws: LifecycleError.illegalProcessTransition(event: "launch", state: .notRunning)) {
            try rig.runtime.handle(.launch(LaunchOptions()))
        }
        await rig.settle()
        #expect(rig.tracker.liveTasks.isEmpty)
    }

    @Test("willTerminate reaches the delegate, then observers in reverse order, then the process ends")
    func terminateWhileRunning() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        rig.observeApplication(as: "a1")
        rig.observeApplication(as: "a2")
        rig.log.take()
        try rig.runtime.handle(.terminate)
        #expect(rig.log.take() == ["appDelegate willTerminate", "a2 willTerminate", "a1 willTerminate"])
        #expect(rig.runtime.processState == .notRunning)
        #expect(throws: LifecycleError.illegalProcessTransition(event: "memoryWarning", state: .notRunning)) {
            try rig.runtime.handle(.memoryWarning)
        }
    }

    @Test("protected data closing reaches the delegate, then observers in reverse order; opening, in order; never a suspended process")
    func protectedDataNotifications() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        rig.observeApplication(as: "a1")
        rig.observeApplication(as: "a2")
        rig.log.take()
        try rig.runtime.handle(.protectedDataWillBecomeUnavailable)
        #expect(rig.log.take() == [
            "appDelegate protectedDataWillBecomeUnavailable", "a2 protectedDataWillBecomeUnavailable",
            "a1 protectedDataWillBecomeUnavailable",
        ])
        try rig.runtime.handle(.protectedDataDidBecomeAvailable)
        #expect(rig.log.take() == [
            "appDelegate protectedDataDidBecomeAvailable", "a1 protectedDataDidBecomeAvailable",
            "a2 protectedDataDidBecomeAvailable",
        ])
        try rig.runtime.handle(.suspend)
        #expect(throws: LifecycleError.illegalProcessTransition(event: "protectedDataDidBecomeAvailable", state: .suspended)) {
            try rig.runtime.handle(.protectedDataDidBecomeAvailable)
        }
    }

    @Test("willTerminate is never sent to a suspended process")
    func noTerminateFromSuspension() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.runtime.handle(.suspend)
        rig.log.take()
        #expect(throws: LifecycleError.illegalProcessTransition(event: "terminate", state: .suspended)) {
            try rig.runtime.handle(.terminate)
        }
        #expect(rig.log.take().isEmpty)
        #expect(rig.runtime.processState == .suspended)
    }

    @Test("a swipe-kill of a running app: didDisconnect → didDiscardSessions → willTerminate")
    func swipeKillOfRunningApp() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        rig.observeApplication(as: "a1")
        rig.log.take()
        try rig.move("A", to: .background)
        try rig.disconnect("A")
        try rig.runtime.handle(.discardSessions([SceneSessionID("A")]))
        try rig.runtime.handle(.terminate)
        #expect(rig.log.take() == [
            "delegate[A] didEnterBackground", "delegate[A] restoration", "a1 didEnterBackground",
            "delegate[A] restoration", "delegate[A] didDisconnect",
            "appDelegate didDiscardSessions(A)", "a1 didDiscardSessions(A)",
            "appDelegate willTerminate", "a1 willTerminate",
        ])
        #expect(rig.runtime.sessions.isEmpty)
    }

    @Test("terminating with a scene on screen first moves it to the background, so pending writes flush")
    func terminateFromForeground() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        try rig.move("A", to: .foregroundActive)
        rig.log.take()
        try rig.runtime.handle(.terminate)
        #expect(rig.log.take() == [
            "delegate[A] willResignActive", "delegate[A] didEnterBackground", "delegate[A] restoration",
            "appDelegate willTerminate",
        ])
    }

    /// An app's object graph, which holds its runtime as an app's services do.
    private final class AppGraph: ApplicationDelegate, SceneDelegate {
        let runtime: LifecycleRuntime
        init(runtime: LifecycleRuntime) { self.runtime = runtime }
    }

    @Test("a kill releases what the app handed in, so an app graph that holds its runtime goes away")
    func killReleasesTheAppGraph() throws {
        let runtime = LifecycleRuntime(clock: VirtualClock())
        weak var released: AppGraph?
        do {
            let graph = AppGraph(runtime: runtime)
            released = graph
            runtime.applicationDelegate = graph
            runtime.sceneDelegateFactory = { [graph] _ in graph }
            try runtime.registerBackgroundTask("refresh") { [graph] _ in _ = graph }
            runtime.setSilentPushHandler { [graph] _, _ in _ = graph }
            try runtime.handle(.launch(LaunchOptions()))
            try runtime.handle(.connectScene(SceneSession(id: SceneSessionID("A")), .none, foreground: true))
        }
        #expect(released != nil, "the running process keeps its app")
        runtime.markKilled()
        #expect(released == nil)
    }

    @Test("a crash or watchdog kill delivers nothing, even with scenes on screen")
    func crashIsSilent() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        try rig.move("A", to: .foregroundActive)
        rig.observeApplication(as: "a1")
        rig.observe("A", as: "o1")
        rig.log.take()
        rig.runtime.markKilled()
        #expect(rig.log.take().isEmpty)
        rig.scene("A")?.addObserver { [log = rig.log] _ in log.record("late") }
        #expect(rig.log.take().isEmpty)
        rig.observeApplication(as: "late")
        #expect(rig.log.take().isEmpty)
    }

    @Test("a kill from an observer mid-dispatch ends it: no later observer, delegate or restoration request hears of it")
    func killDuringDispatchIsSilent() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        try rig.move("A", to: .foregroundActive)
        rig.observe("A", as: "o1")
        rig.scene("A")?.addObserver { event in
            rig.log.record("killer \(event)")
            if event == .didEnterBackground { rig.runtime.markKilled() }
        }
        rig.log.take()
        try rig.move("A", to: .background)
        // Downward events reach observers newest first and the delegate last.
        #expect(rig.log.take() == [
            "killer willResignActive", "o1[A] willResignActive", "delegate[A] willResignActive",
            "killer didEnterBackground",
        ])
        #expect(rig.runtime.processState == .notRunning)
    }

    @Test("a memory warning reaches the delegate, then purgeable caches, then observers; state does not change")
    func memoryWarningFanOut() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A")
        rig.observeApplication(as: "a1")
        rig.observeApplication(as: "a2")
        let cache = RecordingPurgeable(name: "covers", log: rig.log)
        let other = RecordingPurgeable(name: "thumbnails", log: rig.log)
        rig.runtime.registerPurgeable(cache)
        rig.runtime.registerPurgeable(other)
        rig.log.take()
        try rig.runtime.handle(.memoryWarning)
        #expect(rig.log.take() == [
            "appDelegate didReceiveMemoryWarning", "purge covers", "purge thumbnails",
            "a1 didReceiveMemoryWarning", "a2 didReceiveMemoryWarning",
        ])
        #expect(rig.scene("A")?.state == .foregroundInactive)
        #expect(rig.runtime.applicationPhase == .inactive)
    }

    @Test("purgeable caches are held weakly")
    func purgeablesAreWeak() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        var cache: RecordingPurgeable? = RecordingPurgeable(name: "covers", log: rig.log)
        rig.runtime.registerPurgeable(try #require(cache))
        weak let weakCache = cache
        cache = nil
        #expect(weakCache == nil)
        rig.log.take()
        try rig.runtime.handle(.memoryWarning)
        #expect(rig.log.take() == ["appDelegate didReceiveMemoryWarning"])
    }

    @Test("memory warnings go only to running processes")
    func noMemoryWarningWhenSuspended() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.runtime.handle(.suspend)
        #expect(throws: LifecycleError.illegalProcessTransition(event: "memoryWarning", state: .suspended)) {
            try rig.runtime.handle(.memoryWarning)
        }
    }

    @Test("sessions discarded while not running are reported after didFinishLaunching")
    func discardedAtNextLaunch() throws {
        let rig = LifecycleTestRig()
        rig.observeApplication(as: "a1")
        try rig.launch(LaunchOptions(discardedSessions: [SceneSessionID("old1"), SceneSessionID("old2")]))
        try rig.connect("A")
        #expect(rig.log.take() == [
            "appDelegate willFinishLaunching", "a1 willFinishLaunching",
            "appDelegate didFinishLaunching", "a1 didFinishLaunching",
            "appDelegate didDiscardSessions(old1,old2)", "a1 didDiscardSessions(old1,old2)",
            "delegate[A] willConnect", "delegate[A] willEnterForeground", "a1 willEnterForeground",
        ])
    }

    @Test("a session cannot be discarded while its scene is connected; nothing changes")
    func discardConnectedSessionIsIllegal() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        try rig.connect("A", foreground: false)
        rig.log.take()
        #expect(throws: LifecycleError.illegalSceneTransition(scene: SceneSessionID("A"), event: "discardSessions", state: .background)) {
            try rig.runtime.handle(.discardSessions([SceneSessionID("B"), SceneSessionID("A")]))
        }
        #expect(rig.log.take().isEmpty)
        #expect(rig.runtime.sessions[SceneSessionID("A")] != nil)
    }

    @Test("a second launch of the same runtime is refused")
    func launchTwice() throws {
        let rig = LifecycleTestRig()
        try rig.launch()
        #expect(throws: LifecycleError.illegalProcessTransition(event: "launch", state: .running)) {
            try rig.launch()
        }
    }

    @Test("a runtime killed before launch never launches")
    func killedBeforeLaunch() {
        let rig = LifecycleTestRig()
        rig.runtime.markKilled()
        #expect(throws: LifecycleError.illegalProcessTransition(event: "launch", state: .notRunning)) {
            try rig.launch()
        }
        #expect(rig.log.take().isEmpty)
    }

    @Test("scene events before launch are refused")
    func eventsBeforeLaunch() throws {
        let rig = LifecycleTestRig()
        #expect(throws: LifecycleError.illegalProcessTransition(event: "connectScene", state: .notRunning)) {
            try rig.connect("A")
        }
        #expect(rig.runtime.scenes.isEmpty)
    }
}

/// A cache that records its purges.
@MainActor
final class RecordingPurgeable: MemoryPurgeable {
    let name: String
    let log: LifecycleEventLog

    init(name: String, log: LifecycleEventLog) {
        self.name = name
        self.log = log
    }

    func purge() {
        log.record("purge \(name)")
    }
}
