import Foundation
import LifecycleSimulator
import LifecycleSimulatorTesting
import SimulatorExample
import Synchronization
import Testing

@Suite("Lifecycle exploration inside a test")
@MainActor
struct ExpectNoLifecycleViolationsTests {
    /// The comments of the issues a known-issue block matched, for checks after it.
    final class RecordedComments: Sendable {
        private let texts = Mutex<[String]>([])
        var all: [String] { texts.withLock { $0 } }
        func append(_ issue: Issue) { texts.withLock { $0 += issue.comments.map(\.rawValue) } }
    }

    @Test("an app without bugs passes and the summary says how many schedules ran")
    func cleanAppPasses() async {
        let summary = await expectNoLifecycleViolations(in: LibraryExample.app(), seed: 3, schedules: 20, mode: .random)
        #expect(summary.passed)
        #expect(summary.schedules == 20)
    }

    @Test("a planted bug is one issue holding the violation, the replay snippet, the timeline and a repro file that replays")
    func plantedBugIsReported() async throws {
        let app = LibraryExample.app(bugs: [.noFlushOnInactive])
        let comments = RecordedComments()
        var summary: ExplorationSummary?
        await withKnownIssue {
            summary = await expectNoLifecycleViolations(in: app, seed: 1, schedules: 2_000, maxFailures: 1)
        } matching: { issue in
            comments.append(issue)
            return true
        }
        let failure = try #require(summary?.failure)
        #expect(failure.violation.kind == .lostAcknowledgedEdit)
        let message = try #require(comments.all.first)
        #expect(comments.all.count == 1)
        #expect(message.contains("Lifecycle violation in \(failure.appName): \(failure.violation)"))
        #expect(message.contains("bug: \(try #require(summary?.bugs.first?.signature))"))
        #expect(message.contains(failure.swiftSnippet))
        #expect(message.contains("Timeline:\n\(failure.timeline)"))

        let line = try #require(message.split(separator: "\n").first { $0.hasPrefix("Repro file: ") })
        let path = String(line.dropFirst("Repro file: ".count))
        #expect(try Repro.load(from: Data(contentsOf: URL(fileURLWithPath: path))) == failure.repro)
        // The repro replays in one line: failing with the bug, passing without it.
        await withKnownIssue { try await expectReproPasses(path, in: app) }
        let fixed = try await expectReproPasses(path, in: LibraryExample.app())
        #expect(fixed.violation == nil)
    }

    @Test("a time budget stops the search before its schedules are all run")
    func timeBudgetStopsTheSearch() async {
        let summary = await expectNoLifecycleViolations(in: LibraryExample.app(), schedules: 100_000, timeBudget: .milliseconds(200))
        #expect(summary.passed)
        #expect(summary.schedules > 0 && summary.schedules < 100_000)
    }

    @Test("the crash and exhaustive modes run lifecycle-check's searches")
    func modesRunTheirSearches() async {
        let crash = await expectNoLifecycleViolations(in: LibraryExample.app(), schedules: 40, depth: 20, mode: .crash)
        #expect(crash.passed && crash.schedules == 40)
        let exhaustive = await expectNoLifecycleViolations(in: LibraryExample.app(), schedules: 60, depth: 2, mode: .exhaustive)
        #expect(exhaustive.passed && exhaustive.schedules > 0)
    }

    @Test("a trap in the app's view model is an app crash issue with its frame and repro, found in a child process; the test goes on")
    func trapIsAFinding() async throws {
        let app = LibraryExample.app(bugs: [.staleSelectionRow])
        let comments = RecordedComments()
        var summary: ExplorationSummary?
        await withKnownIssue {
            summary = await expectNoLifecycleViolations(in: app, seed: 1, schedules: 60, maxFailures: 1)
        } matching: { issue in
            comments.append(issue)
            return true
        }
        let bug = try #require(summary?.bugs.first)
        #expect(bug.signature.kind == .appCrash)
        #expect(bug.report.outcome.trap?.frame?.hasPrefix("ExampleListScroller.scrollToSelection(in:)") == true, "\(bug.signature)")
        #expect(bug.report.events.count <= 10)
        let message = try #require(comments.all.first)
        #expect(comments.all.count == 1)
        // A debug build says the runtime's message (`Index out of range`); an optimized one only the signal.
        #expect(message.contains("The app trapped (signal 4) in the worker process: "), "\(message)")
        #expect(message.contains(", in ExampleListScroller.scrollToSelection(in:) at ExampleListScroller.swift:"), "\(message)")
    }

    @Test("every distinct bug is one issue")
    func oneIssuePerBug() async throws {
        let app = LibraryExample.app(bugs: [.tokenInPreferences, .staleSelectionRow])
        let comments = RecordedComments()
        var summary: ExplorationSummary?
        await withKnownIssue {
            summary = await expectNoLifecycleViolations(in: app, seed: 1, schedules: 120)
        } matching: { issue in
            comments.append(issue)
            return true
        }
        let bugs = try #require(summary?.bugs)
        #expect(Set(bugs.map(\.signature.kind)).isSuperset(of: [.appCrash, .secretLeak]), "\(bugs.map(\.signature))")
        #expect(comments.all.count == bugs.count)
        for bug in bugs {
            #expect(comments.all.contains { $0.contains("bug: \(bug.signature)") }, "\(bug.signature)")
        }
    }

    @Test("the shrunk repro of the trap traps when replayed in a process of its own (an exit test)")
    func trapReproTrapsInAnExitTest() async {
        await #expect(processExitsWith: .failure) {
            await Self.replayTrapRepro()
        }
    }

    /// Replays the shrunk trap of ``PlantedBug/staleSelectionRow`` on seed 1 in this process.
    @MainActor
    static func replayTrapRepro() async {
        let events: [SimulationEvent] = [
            .silentPush,
            .advance(milliseconds: 100),
            .connectScene(scene: 3, foreground: true, restoration: nil),
            .activate(scene: 3),
            .userAction(name: "select book", scene: 3, seed: 214),
            .userAction(name: "delete book", scene: 3, seed: 0),
            .disconnectScene(scene: 3),
        ]
        _ = try? await Simulator(app: LibraryExample.app(bugs: [.staleSelectionRow])).replay(events, seed: 4_426_074_477_824_518_400)
    }
}
