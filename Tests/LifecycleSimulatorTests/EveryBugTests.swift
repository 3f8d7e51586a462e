import Foundation
import LifecycleSimulator
import SimulatorExample
import Testing

/// The random search goes on after a failure: every distinct bug once, with its own shrunk repro,
/// its hits and its first schedule; `maxFailures` stops it; left-out event kinds and stores'
/// promises are honoured and said.
@Suite("Every bug in one run")
@MainActor
struct EveryBugTests {
    @Test("three planted bugs in one app are three distinct bugs, each shrunk once with its hits and first schedule")
    func threePlantedBugs() async throws {
        var explorer = Explorer(simulator: Simulator(app: LibraryExample.app(bugs: [.saveOnlyAtTermination, .basketBeforeCatalogue, .sharedSelectionSingleton])))
        explorer.maxFailures = nil
        explorer.preferredLength = 1_000  // one shrink per bug: what is under test is that each is found once
        explorer.shrinkBudget = 200
        let summary = await explorer.explore(seed: 1, schedules: 80)
        let kinds = Set(summary.bugs.map(\.signature.kind))
        #expect(kinds.isSuperset(of: [.lostAcknowledgedEdit, .app("basket priced"), .crossSceneLeak]), "\(summary.table)")
        #expect(Set(summary.bugs.map(\.signature)).count == summary.bugs.count, "a bug reported twice")
        for bug in summary.bugs {
            #expect(bug.report.violation.kind == bug.signature.kind)
            #expect(bug.hits >= bug.shrinks && bug.shrinks >= 1)
            #expect(bug.firstSchedule >= 1 && bug.firstSchedule <= summary.schedules)
        }
        #expect(summary.bugs.map(\.firstSchedule) == summary.bugs.map(\.firstSchedule).sorted())
        #expect(summary.schedules == 80, "the search stopped at a failure")
        #expect(summary.table.contains("bug \(summary.bugs.count) "), "\(summary.table)")

        explorer.maxFailures = 1
        let first = await explorer.explore(seed: 1, schedules: 80)
        #expect(first.bugs.count == 1 && first.schedules < 80)
        #expect(first.bugs.first?.signature == summary.bugs.first?.signature)
    }

    @Test("event kinds left out never happen, power-loss deaths included, and the summary says what was assumed")
    func leftOutKinds() async {
        var options = SimulationOptions()
        options.eventKindsLeftOut = [.powerLoss, .diskFull]
        let summary = await Explorer(simulator: Simulator(app: LibraryExample.app(), options: options)).explore(seed: 2, schedules: 60)
        #expect(summary.eventCounts[.powerLoss] == nil && summary.eventCounts[.diskFull] == nil && summary.eventCounts[.crashDuringNextStep] == nil)
        #expect(summary.crashReplays > 0)
        #expect(summary.assumptions == ["left out: diskFull, powerLoss"])
        #expect(summary.table.contains("assumed                   left out: diskFull, powerLoss"), "\(summary.table)")
        let all = await Explorer(simulator: Simulator(app: LibraryExample.app())).explore(seed: 2, schedules: 60)
        #expect((all.eventCounts[.powerLoss] ?? 0) > 0)
    }

    @Test("a note written in place is not charged for a power loss once its store promises only to survive a kill; a kill still counts")
    func promisesAreHonoured() async throws {
        func losesPower(_ event: SimulationEvent) -> Bool {
            switch event {
            case .powerLoss, .crashDuringNextStep(_, .powerLoss): true
            default: false
            }
        }
        var app = LibraryExample.app(bugs: [.noteWrittenInPlace])
        var explorer = Explorer(simulator: Simulator(app: app))
        explorer.maxFailures = nil
        explorer.preferredLength = 1_000
        explorer.shrinkBudget = 300
        let charged = await explorer.explore(seed: 1, schedules: 300)
        let notes = charged.bugs.filter { $0.signature.site.hasPrefix("note@") }
        #expect(notes.contains { $0.report.events.contains(where: losesPower) }, "\(charged.table)")
        app.promises = ["note": .survivesKill]
        explorer.simulator = Simulator(app: app)
        let promised = await explorer.explore(seed: 1, schedules: 300)
        for bug in promised.bugs where bug.signature.site.hasPrefix("note@") {
            #expect(!bug.report.events.contains(where: losesPower), "\(bug.report.text)")
        }
        #expect(promised.assumptions == ["note: survives a kill, not a power loss"])
        #expect(promised.table.contains("assumed                   note: survives a kill, not a power loss"))
    }
}
