import Foundation
import LifecycleSimulator

/// `lifecycle-check merge FILE...`: folds the JSON summaries of the shards of one search
/// (`--shard I/N --json FILE` on each machine of a CI matrix) into the report the search run
/// whole would have printed: the same counts, combined trace hash and first failure. Where a
/// shard could not know what the shards before it found (see ``ExplorationSlice/merging(_:)``),
/// the merge runs those schedules again itself, and says so on standard error. A value owned
/// by ``LifecycleCheck``; main actor.
@MainActor
struct MergeCommand {
    /// The merge's command line.
    struct Options {
        var files: [String] = []
        var jsonPath: String?
        var reportPath: String?
        var reproOut: String?
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var timelineLayout = Timeline.Layout.standard

        init(arguments: [String]) throws(CheckOptions.UsageError) {
            var rest = arguments[...]
            func value(_ flag: String) throws(CheckOptions.UsageError) -> String {
                guard let next = rest.popFirst() else { throw .init(description: "\(flag) needs a value") }
                return next
            }
            while let argument = rest.popFirst() {
                switch argument {
                case "--json": jsonPath = try value(argument)
                case "--report": reportPath = try value(argument)
                case "--repro-out": reproOut = try value(argument)
                case "--wide": timelineLayout = .wide
                case "--jobs":
                    let text = try value(argument)
                    guard let parsed = Int(text), parsed >= 1 else { throw .init(description: "--jobs needs a number of at least 1, got '\(text)'") }
                    jobs = parsed
                case _ where argument.hasPrefix("--"): throw .init(description: "unknown argument '\(argument)' for merge")
                default: files.append(argument)
                }
            }
            guard !files.isEmpty else { throw .init(description: "merge needs the summary files of a search's shards") }
        }
    }

    var options: Options
    var apps: [CheckableApp]
    var console: Console
    var executable: URL?

    /// Merges the files and prints the report; returns 0 when every schedule passed, 1 on a
    /// violation, 2 when the files cannot be merged (unreadable, of different searches, schedules
    /// missing or covered twice) or a file cannot be written.
    func run() async -> Int32 {
        do {
            return try await merge()
        } catch {
            console.error("lifecycle-check merge: \(error)\n")
            return 2
        }
    }

    /// A reason the files cannot be merged.
    struct MergeError: Error, CustomStringConvertible {
        var description: String
    }

    private func merge() async throws -> Int32 {
        let clock = RunClock()
        var files: [(path: String, file: SummaryFile)] = []
        for path in options.files { files.append((path, try SummaryFile.read(from: path))) }
        let configuration = files[0].file.configuration
        for (path, file) in files where file.configuration != configuration {
            throw MergeError(description: "\(path) is of another search than \(files[0].path) (\(file.configuration.arguments.joined(separator: " ")) against \(configuration.arguments.joined(separator: " ")))")
        }
        for (path, file) in files where file.slice == nil {
            throw MergeError(description: "\(path) is a summary of --mode \(file.configuration.mode), which does not cut into shards")
        }
        files.sort { ($0.file.slice?.lower ?? 0, $0.file.slice?.upper ?? 0) < ($1.file.slice?.lower ?? 0, $1.file.slice?.upper ?? 0) }
        var covered = 0
        for (path, file) in files {
            guard let slice = file.slice else { continue }
            if slice.lower > covered {
                throw MergeError(description: "schedules \(covered)..<\(slice.lower) are in no summary: a shard is missing")
            }
            if slice.lower < covered {
                throw MergeError(description: "schedules \(slice.lower)..<\(min(covered, slice.upper)) of \(path) are in another summary too: covered twice")
            }
            covered = slice.upper
        }
        guard covered == configuration.schedules else {
            throw MergeError(description: "schedules \(covered)..<\(configuration.schedules) are in no summary: a shard is missing")
        }

        var check: CheckOptions
        do {
            check = try CheckOptions(arguments: configuration.arguments, apps: apps)
        } catch {
            throw MergeError(description: "the summaries are of an app this command cannot run: \(error)")
        }
        check.jobs = options.jobs
        let session = check.session()
        var slices: [ExplorationSlice] = []
        for (_, file) in files {
            if let slice = await file.explorationSlice(on: session) { slices.append(slice) }
        }
        console.line("lifecycle-check merge: \(files.count) summaries of \(session.appName), mode \(configuration.mode), seed \(configuration.seed), schedules \(configuration.schedules), depth \(configuration.depth)")

        var merged: ExplorationSlice
        var workers = 1
        switch try ExplorationSlice.merging(slices) {
        case .complete(let whole):
            merged = whole
        case .incomplete(let prefix, let resumeAt, let reason):
            console.error("lifecycle-check merge: running schedules \(resumeAt)..<\(configuration.schedules) again: \(reason)\n")
            let range = resumeAt..<configuration.schedules
            var progress = ProgressBar(total: range.count, console: console)
            let rest: ExplorationSlice
            workers = executable == nil ? 0 : ParallelExplorer.workers(for: range.count, jobs: options.jobs)
            if let executable {
                var parallel = ParallelExplorer(executable: executable, options: check, session: session, jobs: options.jobs)
                rest = try await parallel.explore(range: range, from: prefix.end) { progress.update($0) }
                for rerun in parallel.reruns { console.error("lifecycle-check merge: \(rerun)\n") }
            } else {
                rest = await session.explore(
                    seed: check.seed, range: range, depth: check.depth, crashPoints: check.mode == .mixed, maxFailures: check.maxFailures,
                    from: prefix.end
                ) { progress.update($0) }
            }
            progress.finish()
            guard case .complete(let whole) = try ExplorationSlice.merging([prefix, rest]) else {
                throw MergeError(description: "the schedules run again do not fold onto the shards'")
            }
            merged = whole
        }
        merged.range = 0..<configuration.schedules
        let report = RunReport(
            layout: options.timelineLayout, reproOut: options.reproOut, jsonPath: options.jsonPath, reportPath: options.reportPath,
            console: console
        )
        return report.emit(
            summary: merged.summary, slice: merged, configuration: configuration, session: session, clock: clock, workers: workers
        )
    }
}

extension SummaryFile.Configuration {
    /// The command-line arguments of this configuration.
    var arguments: [String] {
        var arguments = ["--app", app, "--seed", "\(seed)", "--schedules", "\(schedules)", "--depth", "\(depth)", "--mode", mode]
        for name in switches { arguments += ["--bug", name] }
        if !finalCheck { arguments.append("--no-final-check") }
        if !trace { arguments.append("--no-trace") }
        if !latency { arguments.append("--no-latency") }
        if deviceLocks == true { arguments.append("--device-locks") }
        if let maxFailures { arguments += ["--max-failures", "\(maxFailures)"] }
        if let without, !without.isEmpty { arguments += ["--without", without.joined(separator: ",")] }
        return arguments
    }
}
