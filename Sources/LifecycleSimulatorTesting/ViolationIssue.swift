import Foundation
import LifecycleSimulator
import Testing

/// The test issue of one bug found by ``expectNoLifecycleViolations(in:seed:schedules:depth:mode:maxFailures:isolation:timeBudget:options:sourceLocation:)``:
/// the repro file written, then one issue whose comment a person can act on. A value.
struct ViolationIssue {
    let bug: FoundBug
    let summary: ExplorationSummary
    var failure: FailureReport { bug.report }
    /// The search that found it, for the message (`mode mixed, seed 1, depth 50`).
    let search: String

    /// Writes the repro file, attaches it to the test and records the issue at `location`.
    func record(at location: SourceLocation) {
        let written = writeRepro(forTestAt: location.filePath)
        Issue.record(Comment(rawValue: message(repro: written)), sourceLocation: location)
    }

    /// The issue's text.
    func message(repro written: Result<URL, any Error>) -> String {
        let found = "found at schedule \(bug.firstSchedule) of \(summary.schedules), hit by \(bug.hits) (\(search))"
        var lines = [
            "Lifecycle violation in \(failure.appName): \(failure.violation)",
            "bug: \(bug.signature)",
            "seed \(failure.seed); shrunk from \(failure.originalEventCount) to \(failure.events.count) events; \(found)",
        ]
        if let trap = failure.outcome.trap {
            lines.append("The app trapped (signal \(trap.signal)) in the worker process: \(trap.message)" + (trap.frame.map { ", in \($0)" } ?? ""))
        }
        for assumption in summary.assumptions { lines.append("assumed: \(assumption)") }
        switch written {
        case .success(let url):
            lines.append("Repro file: \(url.path)")
            lines.append("Keep it as a regression test (copy it beside the test):")
            lines.append("    try await expectReproPasses(\"\(url.lastPathComponent)\", in: app)")
        case .failure(let error):
            lines.append("The repro file could not be written: \(error)")
        }
        lines += ["", "Replay:", failure.swiftSnippet, "", "Timeline:", failure.timeline]
        return lines.joined(separator: "\n")
    }

    /// Writes the repro file into the repro directory and attaches it to the running test.
    private func writeRepro(forTestAt testFilePath: String) -> Result<URL, any Error> {
        Result {
            let data = try failure.repro.encoded()
            let name = ReproDirectory.fileName(app: failure.appName, kind: failure.violation.kind.rawValue, seed: failure.seed)
            Attachment.record(Array(data), named: name)
            let directory = ReproDirectory.url(forTestAt: testFilePath)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let url = directory.appendingPathComponent(name)
            try data.write(to: url, options: .atomic)
            return url
        }
    }
}
