import LifecycleSimulator
import Testing

/// The device's rules of background time, as iOS applies them: an expiration handler, then a
/// watchdog kill after the grace period; suspension at once when no background time is left;
/// work after the app's background time ended is a violation of its own kind.
@Suite("Device background time")
@MainActor
struct DeviceBackgroundTimeTests {
    /// The times below are exact: nothing takes time on this device.
    static func simulator(_ behavior: BackgroundApp.Behavior) -> Simulator<BackgroundApp> {
        var options = SimulationOptions()
        options.latency = .fixed(.none)
        return Simulator(app: BackgroundApp.app(behavior), options: options)
    }

    /// Launch, go to the background (the app is suspended), then the system grants "refresh".
    static let granted: [SimulationEvent] = [
        .launch(.user), .enterBackground(scene: 1), .grantBackgroundTask(identifier: "refresh"),
    ]

    @Test("expiry runs the expiration handler; a task not ended within the grace period is killed by the watchdog")
    func watchdogKillsAfterGrace() async throws {
        let simulator = Self.simulator(.ignoresExpiration)
        let outcome = try await simulator.replay(Self.granted + [.advance(milliseconds: 30_000)])
        let violation = try #require(outcome.violation)
        #expect(violation.kind == .backgroundTimeOverran)
        #expect(violation.step == 3)
        #expect(violation.message == "background task 'refresh' was not ended within the 2000 ms grace period after its expiration handler; the watchdog killed the process")
        let lines = outcome.trace.map { "t+\($0.milliseconds)ms [\($0.lane)] \($0.text)" }
        let handler = try #require(lines.firstIndex(of: "t+28000ms [app] expiration handler ran, did nothing"))
        let watchdog = try #require(lines.firstIndex(of: "t+30000ms [process] killed by the watchdog (background task 'refresh' not ended)"))
        let death = try #require(lines.firstIndex(of: "t+30000ms [process] kill"))
        #expect(handler < watchdog && watchdog < death)
    }

    @Test("when the last background task ends the device suspends the app at once; its timers fire late, on resume")
    func suspendedWhenLastTaskEnds() async throws {
        let simulator = Self.simulator(.completesInTime)
        let outcome = try await simulator.replay(Self.granted + [.advance(milliseconds: 5_000), .activate(scene: 1)])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        let lines = outcome.trace.map { "#\($0.step) t+\($0.milliseconds)ms [\($0.lane)] \($0.text)" }
        #expect(lines.contains("#3 t+1000ms [device] background time ended: background task 'refresh' was the last"))
        #expect(lines.contains("#3 t+1000ms [device] suspended: no background time left after background task 'refresh'"))
        // The timer due two seconds after the task ended fires only when the app runs again.
        #expect(lines.contains("#4 t+5000ms [disk /] write 5B /work.txt"))
        await #expect(throws: ReplayError.self) {
            try await simulator.replay(Self.granted + [.advance(milliseconds: 5_000), .suspend])
        }
    }

    @Test("entering the background with no background time suspends the app at once, with no suspend event")
    func suspendedOnEnteringBackground() async throws {
        let simulator = Self.simulator(.completesInTime)
        let outcome = try await simulator.replay([.launch(.user), .enterBackground(scene: 1)])
        #expect(outcome.trace.contains { $0.step == 1 && $0.text == "suspended: in the background with no background time" })
    }

    @Test("work that keeps writing after its task expired is reported, naming the task and the write")
    func workAfterExpiry() async throws {
        let simulator = Self.simulator(.writesAfterExpiry)
        let outcome = try await simulator.replay(Self.granted + [.advance(milliseconds: 1_500), .expireBackgroundTask(identifier: "refresh")])
        let violation = try #require(outcome.violation)
        #expect(violation.kind == .workAfterBackgroundTimeEnded)
        #expect(violation.kind.rawValue == "work after its background time ended")
        // A write over a file that holds data begins with its truncation, the first storage
        // operation after the end (a kill can land between the two).
        #expect(violation.message == "background task 'refresh' ended at t+1500ms, the app's last background time; then storage truncate /work.txt")
    }

    @Test("an expiration handler that ends its lease before saving writes after the app's background time ended")
    func leaseEndedBeforeSave() async throws {
        let wrong = try await Self.simulator(.leaseEndedBeforeSave).replay([
            .launch(.user), .enterBackground(scene: 1), .advance(milliseconds: 30_000),
        ])
        #expect(wrong.violation?.kind == .workAfterBackgroundTimeEnded)
        #expect(wrong.violation?.message.hasPrefix("extra-time lease 'upload' ended at t+28000ms") == true)
        let right = try await Self.simulator(.leaseEndedAfterSave).replay([
            .launch(.user), .enterBackground(scene: 1), .advance(milliseconds: 30_000),
        ])
        #expect(right.passed, "\(right.violation?.description ?? "")")
        #expect(right.trace.contains { $0.text == "suspended: no background time left after extra-time lease 'upload'" })
    }
}
