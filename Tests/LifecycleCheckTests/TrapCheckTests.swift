import Foundation
import LifecycleSimulator
import Testing

/// `lifecycle-check` runs the schedules in worker processes: a trap in the app's code is an
/// `app crash` finding, found, shrunk and reported with its message and frame, and the search
/// goes on to the app's other bugs.
@Suite("lifecycle-check: traps are findings")
struct TrapCheckTests {
    func check(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        try await CheckCommandFixture.runOffThread(arguments)
    }

    @Test(
        "a planted trap in a view model is found by the default mode within 2,000 schedules of seed 1 and shrunk to 10 events at most",
        arguments: [("staleSelectionRow", "ExampleListScroller.scrollToSelection(in:)"), ("restoredBookForceUnwrapped", "ExampleListScroller.showRestored(_:books:)")]
    )
    func plantedTrapIsFound(bug: String, frame: String) async throws {
        let directory = try CheckCommandFixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("summary.json")
        let run = try await check(["--app", "example", "--bug", bug, "--schedules", "2000", "--max-failures", "1", "--jobs", "1", "--json", json.path])
        #expect(run.status == 1, "\(run.errors)")
        let summary = try CheckCommandFixture.summary(at: json)
        let bugs = try #require(summary["bugs"] as? [[String: Any]])
        #expect(bugs.count == 1)
        let signature = try #require(bugs.first?["signature"] as? [String: Any])
        #expect(signature["kind"] as? String == "app crash")
        let trap = try #require(bugs.first?["trap"] as? [String: Any])
        #expect((trap["frame"] as? String)?.hasPrefix(frame) == true, "\(trap)")
        let failure = try #require(bugs.first?["failure"] as? [String: Any])
        let events = try #require(failure["eventCount"] as? Int)
        let first = try #require(bugs.first?["firstSchedule"] as? Int)
        #expect(events <= 10 && first <= 2_000, "\(events) events, first at \(first)")
        #expect(run.output.contains("The app trapped (signal 4) in a worker process"), "\(run.output)")
        #expect(run.output.contains("TRAP "), "the timeline does not show the trap")
    }

    @Test("three planted bugs on, two of them traps, are three distinct bugs in one run, with --jobs 2 as with --jobs 1")
    func threeBugsInOneRun() async throws {
        let directory = try CheckCommandFixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let search = [
            "--app", "example", "--bug", "staleSelectionRow", "--bug", "restoredBookForceUnwrapped", "--bug", "tokenInPreferences",
            "--schedules", "120",
        ]
        var summaries: [NSDictionary] = []
        var reports: [String] = []
        for jobs in [1, 2] {
            let json = directory.appendingPathComponent("\(jobs).json")
            let run = try await check(search + ["--jobs", "\(jobs)", "--json", json.path])
            #expect(run.status == 1, "\(run.errors)")
            var summary = try CheckCommandFixture.summary(at: json)
            summary["timings"] = nil
            summaries.append(summary as NSDictionary)
            reports.append(CheckCommandFixture.report(run.output))
        }
        #expect(summaries[0] == summaries[1])
        #expect(reports[0] == reports[1])
        let bugs = try #require(summaries[0]["bugs"] as? [[String: Any]])
        let sites = bugs.compactMap { ($0["signature"] as? [String: Any]).map { "\($0["kind"] ?? ""): \($0["site"] ?? "")" } }
        #expect(sites.contains { $0.hasPrefix("app crash:") && $0.contains("scrollToSelection") }, "\(sites)")
        #expect(sites.contains { $0.hasPrefix("app crash:") && $0.contains("showRestored") }, "\(sites)")
        #expect(sites.contains { $0.hasPrefix("secret leak:") }, "\(sites)")
        #expect(Set(sites).count >= 3)
    }
}
