import Foundation
import Testing

/// `lifecycle-check --jobs N` as a process, with worker processes of its own: the same report,
/// the same JSON summary (but its timings) and the same exit status as `--jobs 1`.
@Suite("lifecycle-check --jobs")
struct ParallelCheckTests {
    func run(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        try await CheckCommandFixture.runOffThread(arguments)
    }

    /// A summary file without its timings, for comparing.
    func summary(at url: URL) throws -> NSDictionary {
        var summary = try CheckCommandFixture.summary(at: url)
        summary["timings"] = nil
        return summary as NSDictionary
    }

    @Test(
        "--jobs 2 (and 3 when passing) print the report of --jobs 1 and write the same summary but its timings, passing or failing",
        arguments: [[], ["--bug", "noFlushOnInactive"], ["--bug", "noteWrittenInPlace"]]
    )
    func jobsGiveTheSameReport(_ extra: [String]) async throws {
        let directory = try CheckCommandFixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // 144 schedules and more get three workers (48 each at least); a failing search stops early.
        let search = ["--app", "example", "--seed", "2", "--schedules", extra.isEmpty ? "150" : "100"] + extra
        let one = try await run(search + ["--jobs", "1", "--json", directory.appendingPathComponent("1.json").path])
        #expect(one.status == (extra.isEmpty ? 0 : 1), "\(one.errors)")
        #expect(!one.errors.contains("\r"), "a progress bar was drawn on a pipe")
        let oneSummary = try summary(at: directory.appendingPathComponent("1.json"))
        for jobs in extra.isEmpty ? [2, 3] : [2] {
            let many = try await run(search + ["--jobs", "\(jobs)", "--json", directory.appendingPathComponent("\(jobs).json").path])
            #expect(many.status == one.status, "--jobs \(jobs): \(many.errors)")
            #expect(CheckCommandFixture.report(many.output) == CheckCommandFixture.report(one.output), "--jobs \(jobs)")
            #expect(many.output.contains("worker processes     \(jobs)"), "\(many.output)")
            #expect(!many.errors.contains("\r"), "a progress bar was drawn on a pipe")
            #expect(try summary(at: directory.appendingPathComponent("\(jobs).json")) == oneSummary, "--jobs \(jobs)")
        }
    }
}
