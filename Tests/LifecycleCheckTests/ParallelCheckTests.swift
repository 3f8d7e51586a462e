import Foundation
import Testing

/// `lifecycle-check --jobs N` as a process, with worker processes of its own: the same report,
/// the same JSON summary (but its timings) and the same exit status as `--jobs 1`.
@Suite("lifecycle-check --jobs")
struct ParallelCheckTests {
    /// Runs the built command off the test's threads.
    func run(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        let executable = try CheckCommandFixture.executable()
        let result = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Result { try CheckCommandFixture.run(executable, arguments) })
            }
        }
        return try result.get()
    }

    /// A summary file without its timings, for comparing.
    func summary(at url: URL) throws -> NSDictionary {
        var summary = try CheckCommandFixture.summary(at: url)
        summary["timings"] = nil
        return summary as NSDictionary
    }

    @Test(
        "--jobs 2 prints the report of --jobs 1 and writes the same summary but its timings, passing or failing",
        arguments: [[], ["--bug", "noFlushOnInactive"], ["--bug", "noteWrittenInPlace"]]
    )
    func jobsGiveTheSameReport(_ extra: [String]) async throws {
        let directory = try CheckCommandFixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let search = ["--app", "example", "--seed", "2", "--schedules", "160"] + extra
        let one = try await run(search + ["--jobs", "1", "--json", directory.appendingPathComponent("one.json").path])
        let two = try await run(search + ["--jobs", "2", "--json", directory.appendingPathComponent("two.json").path])
        #expect(one.status == (extra.isEmpty ? 0 : 1), "\(one.errors)")
        #expect(two.status == one.status, "\(two.errors)")
        #expect(CheckCommandFixture.report(two.output) == CheckCommandFixture.report(one.output))
        #expect(two.output.contains("worker processes     2"), "\(two.output)")
        #expect(!two.errors.contains("\r") && !one.errors.contains("\r"), "a progress bar was drawn on a pipe")
        let oneSummary = try summary(at: directory.appendingPathComponent("one.json"))
        let twoSummary = try summary(at: directory.appendingPathComponent("two.json"))
        #expect(oneSummary == twoSummary)
    }
}
