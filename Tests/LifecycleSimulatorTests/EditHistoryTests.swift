import DurableState
import Foundation
import Lifecycle
@testable import LifecycleSimulator
import LifelineHistory
import SimulatorExample
import Testing

@Suite("EditHistory")
@MainActor
struct EditHistoryTests {
    let simulator = Simulator(app: LibraryExample.app())

    @Test("a note acknowledged by the inactive rule survives a kill")
    func acknowledgedSurvivesKill() async throws {
        let outcome = try await simulator.replay([
            .launch(.user), .advance(milliseconds: 100), .userAction(name: "edit note", scene: 1, seed: 5),
            .resignActive(scene: 1), .kill, .launch(.user), .advance(milliseconds: 100),
        ])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
        #expect(outcome.traceText.contains("ack note@S1"))
    }

    @Test("an edit in flight at a crash may be absent after relaunch")
    func indeterminateMayBeAbsent() async throws {
        let outcome = try await simulator.replay([
            .launch(.user), .advance(milliseconds: 100), .userAction(name: "edit note", scene: 1, seed: 5),
            .crashDuringNextStep(atOperation: 3, death: .kill), .advance(milliseconds: 300),
            .launch(.user), .advance(milliseconds: 100),
        ])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
    }

    @Test("an acknowledged edit lost to a power loss before its directory sync is reported")
    func missingDirectorySyncIsCaught() async throws {
        let simulator = Simulator(app: LostRenameApp.app())
        let outcome = try await simulator.replay([.launch(.user), .userAction(name: "save", scene: 1, seed: 0), .powerLoss(policy: .inOrderPrefix, seed: 0)])
        #expect(outcome.violation?.kind == .lostAcknowledgedEdit)
    }

    @Test("the same save with a directory sync survives the power loss")
    func directorySyncSurvives() async throws {
        let simulator = Simulator(app: LostRenameApp.app(syncsDirectory: true))
        let outcome = try await simulator.replay([.launch(.user), .userAction(name: "save", scene: 1, seed: 0), .powerLoss(policy: .inOrderPrefix, seed: 0)])
        #expect(outcome.passed, "\(outcome.violation?.description ?? "")")
    }
}

/// Saves a value with fsync and rename and, unless told, no directory sync (the most common
/// crash-consistency bug ALICE found), then tells the user it is saved.
@MainActor
final class LostRenameApp {
    static let key = HistoryKey("value")
    let environment: SimulationEnvironment
    let syncsDirectory: Bool
    var value: String?

    init(environment: SimulationEnvironment, syncsDirectory: Bool) {
        self.environment = environment
        self.syncsDirectory = syncsDirectory
        if let data = try? environment.fileSystem.readFile(at: "/value.txt") { value = String(decoding: data, as: UTF8.self) }
    }

    func save(_ text: String) {
        value = text
        environment.history.edit(Self.key, text: text)
        let fileSystem = environment.fileSystem
        do {
            try fileSystem.writeFile(Data(text.utf8), to: "/value.tmp", permissions: 0o600)
            try fileSystem.syncFile(at: "/value.tmp")
            try fileSystem.rename(from: "/value.tmp", to: "/value.txt")
            if syncsDirectory { try fileSystem.syncDirectory(at: "/") }
            environment.history.didSave(Self.key, text: text)
        } catch {}
    }

    static func app(syncsDirectory: Bool = false) -> SimulatedApp<LostRenameApp> {
        var app = SimulatedApp<LostRenameApp>(name: "LostRenameApp") { environment in
            LostRenameApp(environment: environment, syncsDirectory: syncsDirectory)
        } observe: { app in
            [VisibleValue(key, text: app.value)]
        }
        app.actions = [UserAction(name: "save") { _ in true } perform: { context, random in
            context.incarnation.save("value \(random.int(below: 1_000))")
        }]
        return app
    }
}

@Suite("Messages show values whole")
struct MessageValueTests {
    @Test("a long value is shown whole, and where two long values part is said")
    func longValues() {
        let expected = "Design|10min|yellow|[Cathy,Daisy,Simon,Jonathan,Kim]"
        let shown = "Design|10min|yellow|[Cathy,Daisy,Simon,Jon]"
        #expect(HistoryRecorder.show(expected) == "\"\(expected)\"")
        let difference = HistoryRecorder.difference(between: shown, and: expected)
        #expect(difference == "they differ from character 43: \"…sy,Simon,Jon]\" against \"…sy,Simon,Jonathan,Kim]\"")
        #expect(HistoryRecorder.difference(between: "short", and: "shorter") == nil)
        #expect(HistoryRecorder.difference(between: expected, and: expected) == nil)
    }
}
