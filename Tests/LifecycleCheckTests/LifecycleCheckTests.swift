import Foundation
import LifecycleSimulator
import Testing

/// The `lifecycle-check` command as an app's package gets it from the LifecycleCheck library:
/// shards that merge into the whole search, the JUnit report a CI dashboard reads, the usage
/// errors. Each check starts the built command (`--jobs 1`: no workers of its own; the worker
/// processes are ``ParallelCheckTests``'), so its searches do not hold this process's main actor.
@Suite("lifecycle-check")
struct LifecycleCheckTests {
    func check(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        try await CheckCommandFixture.runOffThread(arguments)
    }

    @Test("--shard 1/2 plus --shard 2/2, merged, print the unsharded run's summary and combined trace hash")
    func shardsMergeIntoTheWholeSearch() async throws {
        let directory = try CheckCommandFixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let search = ["--app", "example", "--seed", "4", "--schedules", "90", "--jobs", "1"]
        let whole = try await check(search + ["--json", directory.appendingPathComponent("whole.json").path])
        #expect(whole.status == 0, "\(whole.errors)")
        for shard in ["1/2", "2/2"] {
            let path = directory.appendingPathComponent("shard-\(shard.prefix(1)).json").path
            let part = try await check(search + ["--shard", shard, "--json", path])
            #expect(part.status == 0, "\(part.errors)")
            #expect(part.output.hasPrefix("lifecycle-check: LibraryExample, mode mixed, seed 4, schedules 90, depth 50, shard \(shard) (schedules \(shard == "1/2" ? "0..<45" : "45..<90"))"))
        }
        let merged = try await check([
            "merge", directory.appendingPathComponent("shard-2.json").path, directory.appendingPathComponent("shard-1.json").path,
            "--json", directory.appendingPathComponent("merged.json").path,
        ])
        #expect(merged.status == 0, "\(merged.errors)")
        #expect(CheckCommandFixture.report(merged.output) == CheckCommandFixture.report(whole.output))

        let wholeFile = try CheckCommandFixture.summary(at: directory.appendingPathComponent("whole.json"))
        let mergedFile = try CheckCommandFixture.summary(at: directory.appendingPathComponent("merged.json"))
        let shardFile = try CheckCommandFixture.summary(at: directory.appendingPathComponent("shard-2.json"))
        let hash = try #require(wholeFile["combinedTraceHash"] as? String)
        #expect(mergedFile["combinedTraceHash"] as? String == hash)
        #expect(shardFile["combinedTraceHash"] as? String != hash)
        for key in ["schedules", "crashReplays", "events", "incarnations", "simulatedMilliseconds", "result"] {
            #expect("\(mergedFile[key] ?? "none")" == "\(wholeFile[key] ?? "none")", "\(key)")
        }
    }

    @Test("a failing run's JUnit report holds the required attributes of the JUnit schema, parsed by Python's xml.etree, and names the repro")
    func junitReportOfAFailingRun() async throws {
        let directory = try CheckCommandFixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("results.xml")
        let run = try await check([
            "--app", "example", "--bug", "noFlushOnInactive", "--schedules", "100", "--jobs", "1", "--max-failures", "1", "--report", report.path,
        ])
        #expect(run.status == 1)
        let reproPath = directory.appendingPathComponent("results.repro.json").path
        #expect(run.output.contains("(written to \(reproPath))"))
        let repro = try Repro.load(from: Data(contentsOf: URL(fileURLWithPath: reproPath)))
        #expect(repro.violation.kind == .lostAcknowledgedEdit)

        let validation = try CheckCommandFixture.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", Self.junitValidator, report.path, reproPath, "lost acknowledged edit"]
        )
        #expect(validation.status == 0, "\(validation.output)\(validation.errors)")
        #expect(validation.output.contains("valid: 1 failure of"), "\(validation.output)")
    }

    /// Checks a JUnit file against the required attributes of the common JUnit schema (Jenkins'
    /// junit.xsd): `testsuites` and each `testsuite` with `name`, `tests`, `failures` (counts that
    /// match their children), each `testcase` with `name` and `classname`, each `failure` with a
    /// `message`; then that exactly one test case failed, that it is a bug of the expected
    /// violation kind (its name is the bug's signature), and that its failure names the repro file.
    static let junitValidator = #"""
    import sys, xml.etree.ElementTree as ET
    path, repro, kind = sys.argv[1:4]
    root = ET.parse(path).getroot()
    assert root.tag == "testsuites", root.tag
    def require(element, *names):
        for name in names:
            assert element.get(name) not in (None, ""), f"<{element.tag}> lacks {name}"
    require(root, "name", "tests", "failures")
    suites = root.findall("testsuite")
    assert suites, "no testsuite"
    total = failed = 0
    for suite in suites:
        require(suite, "name", "tests", "failures", "errors", "time", "timestamp", "hostname")
        cases = suite.findall("testcase")
        failures = [f for case in cases for f in case.findall("failure")]
        assert int(suite.get("tests")) == len(cases), "tests count"
        assert int(suite.get("failures")) == len(failures), "failures count"
        for case in cases:
            require(case, "name", "classname")
        for failure in failures:
            require(failure, "message")
        total += len(cases)
        failed += len(failures)
    assert int(root.get("tests")) == total and int(root.get("failures")) == failed, "testsuites counts"
    failing = [case for suite in suites for case in suite.findall("testcase") if case.find("failure") is not None]
    assert len(failing) == 1, f"{len(failing)} failing test cases"
    assert failing[0].get("name").startswith(kind + " at "), failing[0].get("name")
    failure = failing[0].find("failure")
    assert repro in failure.get("message") and repro in failure.text, "the failure does not name the repro"
    assert f"[[ATTACHMENT|{repro}]]" in (failing[0].findtext("system-out") or ""), "no attachment"
    print(f"valid: {failed} failure of {total} test cases")
    """#

    @Test("bad arguments and summaries that do not merge exit with status 2 and say why")
    func usageErrors() async throws {
        let directory = try CheckCommandFixture.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (arguments, message) in [
            (["--shard", "3/2"], "--shard needs INDEX/COUNT"), (["--jobs", "0"], "--jobs needs at least 1"),
            (["--mode", "crash", "--shard", "1/2"], "--shard cuts the random search"),
            (["--app", "example", "--bug", "noSuchBug"], "unknown bug 'noSuchBug' for --app example"),
            (["--app", "nope"], "unknown app 'nope' (campus, example)"),
            (["merge"], "merge needs the summary files"), (["merge", directory.appendingPathComponent("absent.json").path], "cannot read"),
        ] {
            let run = try await check(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.errors.contains(message), "\(arguments): \(run.errors)")
        }

        let search = ["--app", "example", "--schedules", "20", "--jobs", "1", "--mode", "random"]
        let first = directory.appendingPathComponent("first.json").path
        let otherSeed = directory.appendingPathComponent("other.json").path
        _ = try await check(search + ["--shard", "1/2", "--json", first])
        _ = try await check(search + ["--seed", "2", "--shard", "2/2", "--json", otherSeed])
        let missing = try await check(["merge", first])
        #expect(missing.status == 2 && missing.errors.contains("a shard is missing"), "\(missing.errors)")
        let mixed = try await check(["merge", first, otherSeed])
        #expect(mixed.status == 2 && mixed.errors.contains("is of another search"), "\(mixed.errors)")
        let twice = try await check(["merge", first, first])
        #expect(twice.status == 2 && twice.errors.contains("covered twice"), "\(twice.errors)")
    }
}
