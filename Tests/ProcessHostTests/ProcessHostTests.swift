import Foundation
import LifelineTestSupport
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Real signals sent to a real child process (`lifeline-probe`), asserting the exact ordered log
/// of lifecycle callbacks and how the process stops, continues and ends.
@Suite("ProcessHost with real signals")
struct ProcessHostTests {
    static let resignAndBackground = ConformanceLog.resignAndBackground(scene: "terminal")
    static let foregroundAndActive = ConformanceLog.foregroundAndActive(scene: "terminal")
    static let launched = ProbeProcess.launchLog.count

    @Test func launchConnectsTheTerminalSceneAndMakesItActive() async throws {
        let probe = try await ProbeProcess()
        #expect(probe.lines == ProbeProcess.launchLog)
        probe.send(SIGKILL)
        _ = try await probe.waitForExit()
    }

    @Test func terminalStopBackgroundsTheSceneThenReallyStopsTheProcess() async throws {
        let probe = try await ProbeProcess()
        probe.send(SIGTSTP)
        try await probe.waitForLines(Self.resignAndBackground, after: Self.launched)
        try await probe.waitUntilStopped()

        probe.send(SIGCONT)
        try await probe.waitForLines(Self.foregroundAndActive, after: Self.launched + 4)
        try await probe.waitUntilContinued()
        #expect(probe.lines.count == Self.launched + 8, "\(probe.describe())")

        probe.send(SIGKILL)
        _ = try await probe.waitForExit()
    }

    @Test func stopWaitsForExtraTimeLeasesToEnd() async throws {
        let probe = try await ProbeProcess(arguments: ["--lease-ms", "300"])
        probe.send(SIGTSTP)
        try await probe.waitUntilStopped()
        // A stopped process writes nothing, so `lease.end` in the log proves the lease ended first.
        try await probe.waitForLines(
            [
                "scene.willResignActive terminal", "app.willResignActive",
                "scene.didEnterBackground terminal", "lease.begin", "app.didEnterBackground", "lease.end",
            ],
            after: Self.launched
        )
        #expect(probe.schedulerState() == "T")

        probe.send(SIGCONT)
        try await probe.waitForLines(Self.foregroundAndActive, after: Self.launched + 6)
        probe.send(SIGKILL)
        _ = try await probe.waitForExit()
    }

    @Test func continueWhileWaitingForALeaseCancelsTheStop() async throws {
        // The lease must outlast the time between seeing `didEnterBackground` and SIGCONT arriving, even
        // on a loaded machine (4 s did not, once, beside the whole suite): 20 s, which the test waits.
        let probe = try await ProbeProcess(arguments: ["--lease-ms", "20000"])
        probe.send(SIGTSTP)
        try await probe.waitForLine("app.didEnterBackground")
        probe.send(SIGCONT)
        try await probe.waitForLines(Self.foregroundAndActive, after: Self.launched + 5)
        try await probe.waitForLine("lease.end", timeout: .seconds(40))
        #expect(probe.schedulerState() != "T", "the process stopped although it was continued first")
        #expect(probe.lines.count == Self.launched + 10, "\(probe.describe())")
        probe.send(SIGKILL)
        _ = try await probe.waitForExit()
    }

    @Test func userSignalOneIsAMemoryWarning() async throws {
        let probe = try await ProbeProcess()
        probe.send(SIGUSR1)
        try await probe.waitForLines(["app.didReceiveMemoryWarning"], after: Self.launched)
        probe.send(SIGKILL)
        _ = try await probe.waitForExit()
    }

    @Test func windowChangeAsksForARedraw() async throws {
        let probe = try await ProbeProcess()
        probe.send(SIGWINCH)
        try await probe.waitForLines(["host.redraw none"], after: Self.launched)
        probe.send(SIGKILL)
        _ = try await probe.waitForExit()
    }

    @Test func focusReportsMoveTheSceneBetweenActiveAndInactive() async throws {
        let probe = try await ProbeProcess()
        probe.write("a\u{1B}[O")
        try await probe.waitForLines(
            ["key a", "scene.willResignActive terminal", "app.willResignActive"], after: Self.launched
        )
        probe.write("\u{1B}[")
        probe.write("Ib")
        try await probe.waitForLines(
            ["scene.didBecomeActive terminal", "app.didBecomeActive", "key b"], after: Self.launched + 3
        )
        probe.send(SIGKILL)
        _ = try await probe.waitForExit()
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGQUIT])
    func terminationSignalBackgroundsThenTerminatesAndExitsZero(signal: Int32) async throws {
        let probe = try await ProbeProcess()
        probe.send(signal)
        let exit = try await probe.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status == 0)
        // Nothing to wait for: a bound far from any load's delay, against a hang only.
        #expect(exit.elapsed < .seconds(30), "termination hung")
        #expect(probe.lines == ProbeProcess.launchLog + Self.resignAndBackground + ["app.willTerminate"])
    }

    @Test func terminationWaitsForCancelledWorkToFinishWithinTheGracePeriod() async throws {
        let probe = try await ProbeProcess(arguments: ["--terminate-work-ms", "300"])
        probe.send(SIGTERM)
        let exit = try await probe.waitForExit()
        #expect(exit.status == 0)
        #expect(exit.elapsed >= .milliseconds(250))
        #expect(probe.lines.suffix(2) == ["app.willTerminate", "work.done"])
    }

    @Test func workOutlivingTheGracePeriodIsCutShort() async throws {
        // Work of two minutes against a grace of 200 ms: ending well before the work could (a
        // minute, whatever the machine's load) shows the grace cut it short.
        let probe = try await ProbeProcess(arguments: ["--terminate-work-ms", "120000", "--grace-ms", "200"])
        probe.send(SIGTERM)
        let exit = try await probe.waitForExit()
        #expect(exit.status == 1)
        #expect(exit.elapsed < .seconds(60))
        #expect(probe.lines.last == "app.willTerminate")
    }

    @Test func aBlockedMainThreadIsEndedByTheWatchdog() async throws {
        let probe = try await ProbeProcess(arguments: ["--block-terminate-ms", "120000", "--grace-ms", "200"])
        probe.send(SIGTERM)
        let exit = try await probe.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status == 1)
        #expect(exit.elapsed < .seconds(60))
    }

    @Test func hangUpDisconnectsTheSceneThenTerminates() async throws {
        let probe = try await ProbeProcess()
        probe.send(SIGHUP)
        let exit = try await probe.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status == 0)
        #expect(
            probe.lines
                == ProbeProcess.launchLog + Self.resignAndBackground + [
                    "scene.didDisconnect terminal", "app.willTerminate",
                ]
        )
    }

    @Test func quitFromTheAppTerminatesLikeATerminationSignal() async throws {
        let probe = try await ProbeProcess()
        probe.write("q")
        let exit = try await probe.waitForExit()
        #expect(exit.status == 0)
        #expect(probe.lines == ProbeProcess.launchLog + ["key q"] + Self.resignAndBackground + ["app.willTerminate"])
    }

    @Test func killSignalEndsTheProcessWithoutAnyCallback() async throws {
        let probe = try await ProbeProcess()
        probe.send(SIGKILL)
        let exit = try await probe.waitForExit()
        #expect(exit.reason == .uncaughtSignal)
        #expect(exit.status == SIGKILL)
        #expect(probe.lines == ProbeProcess.launchLog)
    }

    @Test func terminationWhileSuspendedEndsWithoutAnyCallback() async throws {
        let probe = try await ProbeProcess()
        probe.send(SIGTSTP)
        try await probe.waitUntilStopped()
        try await probe.waitForLineCount(Self.launched + 4)
        probe.send(SIGTERM)
        probe.send(SIGCONT)
        let exit = try await probe.waitForExit()
        #expect(exit.status == 0)
        #expect(probe.lines == ProbeProcess.launchLog + Self.resignAndBackground)
    }

    @Test func backgroundTaskRequestIsGrantedAfterItsEarliestBegin() async throws {
        let probe = try await ProbeProcess(arguments: ["--refresh-ms", "150"])
        try await probe.waitForLine("task.run refresh early=false")
        #expect(probe.lines.first { $0.hasPrefix("task.") } == "task.submitted refresh")
        probe.send(SIGKILL)
        _ = try await probe.waitForExit()
    }
}
