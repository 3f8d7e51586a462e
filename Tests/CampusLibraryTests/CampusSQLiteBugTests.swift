import CampusLibrary
import CampusSimulation
import LifecycleSimulator
import Testing

/// The reading list's planted SQLite bugs, each on a short schedule the explorer found and shrank
/// (`lifecycle-check --app campus --bug NAME --seed 1`): the bug is reported with the kind of
/// what goes wrong, and the app without it passes the very same schedule, so the schedule tells
/// the two apart.
@Suite("Campus Library's SQLite planted bugs")
@MainActor
struct CampusSQLiteBugTests {
    /// One planted bug, the schedule (and run seed) that finds it, and the kind it is reported as.
    struct Case: Sendable, CustomTestStringConvertible {
        var bug: CampusBug
        var kind: Violation.Kind
        var events: [SimulationEvent]
        var seed: UInt64
        var testDescription: String { bug.rawValue }
    }

    nonisolated static let cases: [Case] = [
        // Nothing is synced: a power loss right after the change takes it back.
        Case(bug: .synchronousOff, kind: .lostAcknowledgedEdit, events: [
            .launch(.user),
            .openLink(scene: 1, link: 0),
            .userAction(name: "toggle in reading list", scene: 1, seed: 0),
            .crashDuringNextStep(atOperation: 1, death: .powerLoss(policy: .inOrderPrefix, seed: 679)),
        ], seed: 2_136_003_357_415_565_544),
        // The status and its log line committed one at a time: a kill between them.
        Case(bug: .readingListOutsideTransaction, kind: .halfAppliedTransaction, events: [
            .launch(.link(0)),
            .userAction(name: "toggle in reading list", scene: 1, seed: 0),
            .userAction(name: "open reading list", scene: 1, seed: 0),
            .crashDuringNextStep(atOperation: 3, death: .kill),
            .userAction(name: "next reading status", scene: 1, seed: 0),
        ], seed: 8_576_353_509_693_820_140),
        // The first launch killed between the migration's statements.
        Case(bug: .migrationOutsideTransaction, kind: .databaseUnopenable, events: [
            .crashDuringNextStep(atOperation: 21, death: .kill),
            .launch(.user),
        ], seed: 10_451_216_379_200_822_465),
        // "Saved" said inside the transaction; the kill lands on the commit's first write.
        Case(bug: .savedBeforeCommit, kind: .lostAcknowledgedEdit, events: [
            .launch(.user),
            .openLink(scene: 1, link: 0),
            .userAction(name: "open notes", scene: 1, seed: 0),
            .userAction(name: "back", scene: 1, seed: 0),
            .advance(milliseconds: 300),
            .crashDuringNextStep(atOperation: 1, death: .kill),
            .userAction(name: "toggle in reading list", scene: 1, seed: 0),
        ], seed: 14_734_343_819_249_515_377),
        // The final check's kill and relaunch: the cleanup deletes the committed change's WAL.
        Case(bug: .walDeletedAtLaunch, kind: .lostAcknowledgedEdit, events: [
            .launch(.user),
            .openLink(scene: 1, link: 0),
            .userAction(name: "toggle in reading list", scene: 1, seed: 0),
        ], seed: 2_136_003_357_415_565_544),
    ]

    @Test("each SQLite bug is found on its schedule with its own kind; the app without it passes the same schedule",
          arguments: cases)
    func findsBugOnItsSchedule(_ entry: Case) async throws {
        let buggy = try await Simulator(app: CampusIncarnation.app(bugs: [entry.bug])).replay(entry.events, seed: entry.seed)
        let violation = try #require(buggy.violation, "\(entry.bug) not found")
        #expect(violation.kind == entry.kind, "\(violation)")

        let fixed = try await Simulator(app: CampusIncarnation.app).replay(entry.events, seed: entry.seed)
        #expect(fixed.violation == nil, "\(fixed.violation.map(String.init(describing:)) ?? "")")
    }
}
