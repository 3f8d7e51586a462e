import Foundation
import LifecycleSimulator

/// The end of an exploration or a merge: the summary table, each bug's report and repro file,
/// the files asked for (`--json`, `--report`) and the timings. The text before the timings is
/// the same for the same search however many workers or shards ran it. A value owned by one
/// command; main actor.
@MainActor
struct RunReport {
    var layout: Timeline.Layout
    var reproOut: String?
    var jsonPath: String?
    var reportPath: String?
    var console: Console

    init(options: CheckOptions, console: Console) {
        layout = options.timelineLayout
        reproOut = options.reproOut
        jsonPath = options.jsonPath
        reportPath = options.reportPath
        self.console = console
    }

    init(layout: Timeline.Layout, reproOut: String?, jsonPath: String?, reportPath: String?, console: Console) {
        self.layout = layout
        self.reproOut = reproOut
        self.jsonPath = jsonPath
        self.reportPath = reportPath
        self.console = console
    }

    /// Where the first bug's repro file goes: `--repro-out`, else beside the JUnit report
    /// (`results.xml` → `results.repro.json`), else nowhere.
    var reproPath: String? {
        if let reproOut { return reproOut }
        guard let reportPath else { return nil }
        let url = URL(fileURLWithPath: reportPath)
        return url.deletingPathExtension().appendingPathExtension("repro.json").path
    }

    /// Where bug `number` (from 1)'s repro file goes: ``reproPath`` for the first, and beside it
    /// with the number for the others (`repro.json` → `repro-2.json`).
    func reproPath(bug number: Int) -> String? {
        guard let path = reproPath else { return nil }
        guard number > 1 else { return path }
        let url = URL(fileURLWithPath: path)
        let name = url.deletingPathExtension().lastPathComponent + "-\(number)"
        return url.deletingLastPathComponent().appendingPathComponent(name).appendingPathExtension(url.pathExtension).path
    }

    /// Prints the report of `summary` and writes the files; returns the exit status (0 passed,
    /// 1 a violation, 2 a file that could not be written).
    func emit(
        summary: ExplorationSummary, slice: ExplorationSlice?, configuration: SummaryFile.Configuration,
        session: any CheckSession, clock: RunClock, workers: Int
    ) -> Int32 {
        var status: Int32 = summary.passed ? 0 : 1
        console.line("")
        console.line(summary.table)
        var writtenRepros: [String?] = []
        for (index, bug) in summary.bugs.enumerated() {
            let failure = bug.report
            console.line("")
            console.line("BUG \(index + 1) of \(summary.bugs.count): \(bug.signature)")
            console.line("hit by \(bug.hits) schedule\(bug.hits == 1 ? "" : "s"), first at schedule \(bug.firstSchedule)")
            console.line(failure.text(timeline: layout))
            console.line("")
            console.line("Repro file:")
            var written: String?
            if let json = try? failure.repro.encoded() {
                console.line(String(decoding: json, as: UTF8.self))
                if let path = reproPath(bug: index + 1) {
                    if write(json, to: path) {
                        console.line("(written to \(path))")
                        written = path
                    } else {
                        status = 2
                    }
                }
            }
            writtenRepros.append(written)
        }

        let seconds = clock.wallSeconds
        let cpuSeconds = clock.cpuSeconds
        console.line("")
        console.line("timings (vary between runs):")
        console.line("  wall time            \(String(format: "%.2f", seconds)) s")
        console.line("  schedules per second \(String(format: "%.0f", Double(summary.schedules) / max(seconds, 1e-9)))")
        console.line("  per CPU second       \(String(format: "%.0f", Double(summary.schedules) / max(cpuSeconds, 1e-9)))")
        console.line("  simulated/real time  \(String(format: "%.0f", Double(summary.simulatedMilliseconds) / 1_000 / max(seconds, 1e-9)))x")
        console.line("  worker processes     \(workers)")

        let timings = SummaryFile.Timings(wallSeconds: seconds, cpuSeconds: cpuSeconds, workers: workers)
        if let jsonPath {
            let file = SummaryFile(
                configuration: configuration, appName: session.appName, summary: summary, slice: slice, reproFiles: writtenRepros,
                timings: timings
            )
            do {
                if !write(try file.encoded(), to: jsonPath) { status = 2 }
            } catch {
                console.error("lifecycle-check: cannot encode the summary: \(error)\n")
                status = 2
            }
        }
        if let reportPath {
            let report = JUnitReport(
                appName: session.appName, kinds: session.violationKinds, summary: summary, configuration: configuration,
                reproPaths: writtenRepros, seconds: seconds
            )
            if !write(Data(report.xml.utf8), to: reportPath) { status = 2 }
        }
        return status
    }

    private func write(_ data: Data, to path: String) -> Bool {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            return true
        } catch {
            console.error("lifecycle-check: cannot write \(path): \(error.localizedDescription)\n")
            return false
        }
    }
}
