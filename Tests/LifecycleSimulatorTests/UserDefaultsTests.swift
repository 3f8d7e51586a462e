import DurableState
import Foundation
import Lifecycle
@testable import LifecycleSimulator
import Testing

/// An app that keeps its habits as JSON in user defaults, the way many apps do.
@MainActor
final class DefaultsHabitsApp {
    let defaults: any KeyValueStoring
    var habits: [String] = []

    init(environment: SimulationEnvironment) {
        defaults = environment.defaults
        if let data = defaults.data(forKey: "habits"), let stored = try? JSONDecoder().decode([String].self, from: data) {
            habits = stored
        }
    }

    static func app() -> SimulatedApp<DefaultsHabitsApp> {
        var app = SimulatedApp<DefaultsHabitsApp>(name: "DefaultsHabitsApp") { DefaultsHabitsApp(environment: $0) }
        app.actions = [
            UserAction(name: "add habit") { _ in true } perform: { context, random in
                let app = context.incarnation
                app.habits.append("h\(random.int(below: 1_000))")
                if let data = try? JSONEncoder().encode(app.habits) { app.defaults.set(data, forKey: "habits") }
            },
        ]
        return app
    }
}

@Suite("User defaults on the simulated device")
@MainActor
struct UserDefaultsTests {
    let simulator = Simulator(app: DefaultsHabitsApp.app())

    @Test("a kill loses nothing: the values live outside the process")
    func killKeepsValues() async throws {
        let outcome = try await simulator.replay([.launch(.user), .userAction(name: "add habit", scene: 1, seed: 1), .kill, .launch(.user)])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
    }

    @Test("a power loss within a second of a set loses it, and the app reading the older value back is a lost acknowledged edit")
    func powerLossBeforeTheWriteLosesIt() async throws {
        let outcome = try await simulator.replay([
            .launch(.user), .userAction(name: "add habit", scene: 1, seed: 1), .powerLoss(policy: .inOrderPrefix, seed: 0),
            .launch(.user),
        ])
        #expect(outcome.violation?.kind == .lostAcknowledgedEdit)
        #expect(outcome.violation?.message.contains("UserDefaults.habits") == true)
    }

    @Test("a second later the device has written them: a power loss then loses nothing")
    func writtenAfterASecond() async throws {
        let outcome = try await simulator.replay([
            .launch(.user), .userAction(name: "add habit", scene: 1, seed: 1), .advance(milliseconds: 1_000),
            .powerLoss(policy: .inOrderPrefix, seed: 0), .launch(.user),
        ])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
    }

    @Test("while the storage is full nothing is written, and nothing says so: a power loss then loses the value")
    func fullStorageNeverReported() async throws {
        let outcome = try await simulator.replay([
            .launch(.user), .diskFull, .userAction(name: "add habit", scene: 1, seed: 1), .advance(milliseconds: 5_000),
            .powerLoss(policy: .inOrderPrefix, seed: 0), .launch(.user),
        ])
        #expect(outcome.violation?.kind == .lostAcknowledgedEdit)
    }

    @Test("the device's defaults write only a second after the first change they have not written")
    func writeTiming() {
        let device = DeviceDefaults()
        let start = LifelineInstant.zero
        device.set(.text("a"), forKey: "k", at: start)
        #expect(!device.writeIfDue(at: start.advanced(by: .milliseconds(999)), storageFull: false))
        #expect(!device.writeIfDue(at: start.advanced(by: .seconds(1)), storageFull: true))
        #expect(device.writeIfDue(at: start.advanced(by: .seconds(1)), storageFull: false))
        device.set(.text("b"), forKey: "k", at: start.advanced(by: .seconds(2)))
        #expect(device.losePower())
        #expect(device.values["k"] == .text("a"))
    }
}
